import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react()],
  // The built server renderer is self-contained: the API loads it without React, React Router
  // or the domain package among its own dependencies. (In development Vite loads them itself.)
  ssr: command === 'build' ? { noExternal: true } : {},
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist/server', emptyOutDir: true, minify: false }
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
              // What hydration needs (React, the router, the shell) in one file, fetched once the
              // page has painted (src/main.tsx): fewer requests, better compression.
              // The entry itself (src/main.tsx and what it imports, such as Vite's dynamic-import
              // helper) stays small and separate, so nothing of the app loads before that paint.
              groups: [
                { name: 'boot', tags: ['$initial'], priority: 1 },
                { name: 'app', test: /\/src\/app\/hydrate\.tsx$/ },
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
