import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * Vite wraps every dynamic import in its preload helper (~0.7 kB gzip in the entry), which loads
 * the chunk's CSS and preloads its imports first. With one global stylesheet and module
 * preloading off (below), there is never anything to preload, so the helper is swapped for one
 * that only keeps its error event (`vite:preloadError`, cancelable, then rethrow). Only under
 * exactly that configuration; otherwise Vite's own helper stays.
 */
function slimPreloadHelper(): Plugin {
  const helperId = '\0vite/preload-helper.js';
  let nothingToPreload = false;
  return {
    name: 'slim-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      nothingToPreload =
        config.build.cssCodeSplit === false && config.build.modulePreload === false;
    },
    resolveId(source) {
      return nothingToPreload && source === helperId ? helperId : null;
    },
    load(id) {
      if (!nothingToPreload || id !== helperId) return null;
      return `export const __vitePreload = (load) =>
  load().catch((error) => {
    const event = new Event('vite:preloadError', { cancelable: true });
    event.payload = error;
    window.dispatchEvent(event);
    if (!event.defaultPrevented) throw error;
  });`;
    },
  };
}

/**
 * 'react-router-dom' resolves to src/lib/router.tsx (which re-exports the library with a lean
 * <Link> and <NavLink>; see there why), except inside that module itself. A plugin rather than
 * resolve.alias, because the module imports the real package.
 */
function leanRouterLinks(): Plugin {
  const routerModule = fileURLToPath(new URL('./src/lib/router.tsx', import.meta.url));
  return {
    name: 'lean-router-links',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'react-router-dom' || !importer) return null;
      return path.resolve(importer) === routerModule ? null : routerModule;
    },
  };
}

/**
 * react-router's build marks none of its top-level `React.forwardRef(...)` calls pure and names
 * components by assignment (`Form.displayName = "Form"`), so a bundler must keep every such
 * component, used or not: <Form> and the form-submission code behind it (~1.4 kB gzip) ship
 * although this app never renders a form through the router. Annotating the calls pure and
 * dropping the names (React DevTools then shows "ForwardRef") lets tree-shaking remove them.
 * If a later version changes these lines, nothing breaks; the bundle just grows back.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler(code) {
        return code
          .replace(/^\w+\.displayName = "[^"]*";$/gm, '')
          .replace(/= (React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1');
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    slimPreloadHelper(),
    leanRouterLinks(),
    reactRouterProductionBuild(),
    reactRouterTreeShaking(),
  ],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    // bench/bundle-size.mjs reads .vite/manifest.json to know what each route loads first.
    manifest: true,
    target: 'es2022',
    // One stylesheet for the whole site (split by feature in the source): lazy chunks then need
    // no CSS loader, and without module preloading there is nothing left for Vite's preload
    // helper to do (slimPreloadHelper above).
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
