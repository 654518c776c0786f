import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://localhost:8787';

// Everything the API answers is proxied, so the session cookie stays first-party on :5173.
const PROXIED_PREFIXES = [
  '/api',
  '/verify',
  '/dev',
  '/content',
  '/rss.xml',
  '/atom.xml',
  '/feed.json',
  '/sitemap.xml',
  '/robots.txt',
];

const proxy = Object.fromEntries(
  PROXIED_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]),
);

/**
 * react-router 7 only exposes its development build through package exports (remix-run/react-
 * router#12532); the production build beside it drops dev warnings and is ~2 KB smaller gzip.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      return { ...resolved, id: resolved.id.replace('/dist/development/', '/dist/production/') };
    },
  };
}

export default defineConfig({
  plugins: [react(), reactRouterProductionBuild()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    // bench/bundle-size.mjs reads .vite/manifest.json to know what each route loads first.
    manifest: true,
    target: 'es2022',
    // One stylesheet for the whole site (split by feature in the source): lazy chunks then need
    // no CSS loader, and without module preloading Vite's preload helper drops out (~1 kB).
    cssCodeSplit: false,
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one file: fewer requests, better compression.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // Zod schema constructors have no side effects; saying so lets unused schemas in a
        // domain module drop out, so importing STORAGE_KEYS does not pull ~24 KB of zod.
        manualPureFunctions: ['z'],
      },
    },
  },
});
