import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes each built asset's brotli (best quality) and gzip (level 9) copy beside it, which the
 * API sends as they are: the compression middleware's on-the-fly brotli (quality 4) comes out
 * larger than gzip, and quality 11 costs too much CPU to spend on every request. Only where the
 * copy is smaller.
 */
function precompressAssets(): Plugin {
  const encoders = {
    br: (bytes: Buffer) =>
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gz: (bytes: Buffer) => gzipSync(bytes, { level: 9 }),
  };
  return {
    name: 'precompress-assets',
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/^assets\/.+\.(?:js|css)$/.test(file)) continue;
        const path = join(options.dir!, file);
        const bytes = readFileSync(path);
        for (const [suffix, encode] of Object.entries(encoders)) {
          const encoded = encode(bytes);
          if (encoded.length < bytes.length) writeFileSync(`${path}.${suffix}`, encoded);
        }
      }
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), precompressAssets()],
  // The built server renderer is self-contained: the API loads it without React, React Router
  // or the domain package among its own dependencies. (In development Vite loads them itself.)
  ssr: command === 'build' ? { noExternal: true } : {},
  build: isSsrBuild
    ? { target: 'node24', outDir: 'dist/server', emptyOutDir: true, minify: false }
    : {
        // The API reads .vite/manifest.json to preload each page's modules, and
        // bench/bundle-size.mjs to report what each route loads first.
        manifest: true,
        target: 'es2022',
        // One stylesheet for the whole site (split by feature in the source): lazy chunks then
        // need no CSS loader, and a page's CSS is never late.
        cssCodeSplit: false,
        // The server writes modulepreload links for the page's own chunks.
        modulePreload: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // The entry (src/main.tsx with the islands' boot, and what it imports, such as Vite's
              // dynamic-import helper) stays small and separate: all a reading page loads before
              // its reader acts. React and the router are one file, shared by a reading page's
              // islands (src/islands/runtime.tsx) and the app (src/app/hydrate.tsx).
              groups: [
                { name: 'boot', tags: ['$initial'], priority: 2 },
                {
                  name: 'react',
                  test: /\/node_modules\/.*\/(?:react|react-dom|scheduler|react-router|react-router-dom)\//,
                  priority: 1,
                },
              ],
            },
          },
          treeshake: {
            // Zod schema constructors have no side effects; saying so lets unused schemas in a
            // domain module drop out, so importing STORAGE_KEYS does not pull ~24 KB of zod.
            manualPureFunctions: ['z'],
          },
        },
      },
}));
