/**
 * Development pages: the web app's source through Vite in middleware mode. Each request renders
 * with the current source of src/entry-server.tsx (Vite reloads what changed) into index.html as
 * Vite transforms it (hot reloading included), by the same renderer code as production.
 * Nothing is cached. Vite is a development dependency, loaded only here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PageRendererModule } from '@quillpost/domain';
import type { PageHost } from '../../deps.js';
import type { TemplateOptions } from './page-host.js';
import { withRuntimeConfig } from './page-host.js';

/** Where Vite's hot-reload socket listens (its default), for the CSP's connect-src. */
const HMR_PORT = 24678;

export async function createViteHost(
  webRoot: string,
  options: TemplateOptions & { publicUrl: string },
): Promise<PageHost> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    // Imported as is (tsx runs this process), not bundled to a temporary file the watcher sees.
    configLoader: 'native',
    appType: 'custom',
    server: {
      middlewareMode: true,
      hmr: { port: HMR_PORT },
      // Vite serves files of the workspace it is asked for (/@fs/...): never the database.
      fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/data/**', '*.db'] },
    },
  });
  const templateFile = path.join(webRoot, 'index.html');
  return {
    build: null,
    rendererFor: (reader) => ({
      async render(url) {
        const template = withRuntimeConfig(
          await vite.transformIndexHtml(url, fs.readFileSync(templateFile, 'utf8')),
          options,
        );
        const renderer = (await vite.ssrLoadModule('/src/entry-server.tsx')) as PageRendererModule;
        return renderer
          .createPageRenderer({ reader, publicUrl: options.publicUrl, template })
          .render(url);
      },
    }),
    assets: vite.middlewares,
    // React's fast refresh starts from a small inline script, and Vite's client keeps a socket.
    extraSources: {
      script: ["'unsafe-inline'"],
      connect: [`ws://localhost:${HMR_PORT}`, `ws://127.0.0.1:${HMR_PORT}`],
    },
    close: () => vite.close(),
  };
}
