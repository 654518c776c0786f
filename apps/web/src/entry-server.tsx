/**
 * The server renderer (PageRendererModule of packages/domain): the API process loads its build
 * (dist/server/entry-server.js) in production and this source through Vite in development, and
 * renders every page with a ContentReader backed by its content service. Nothing personal is
 * rendered here: the header's account area resolves in the browser, so one page's HTML serves
 * every visitor and can be cached.
 */
import {
  accentCss,
  BRAND_LIGHT,
  escapeHtml,
  PAGE_PATHS,
  type PageRenderer,
  type PageRendererOptions,
  type RenderedPage,
} from '@quillpost/domain';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom';
import { AppProviders } from './app/app';
import { routeDataScript } from './app/route-data';
import { ISLAND_DATA_ELEMENT_ID } from './islands/boot-data';
import { routedHead } from './app/route-head';
import type { RouteHandle } from './lib/route-handle';
import { createRoutes } from './app/routes';
import { createApiClient } from './lib/api-client';
import { renderHead, scriptSafeJson } from './lib/page-head';
import { createStorage } from './lib/storage';

// Components only call the API from effects and handlers, which never run here.
const offlineApiClient = createApiClient({
  baseUrl: '',
  fetch: () => Promise.reject(new Error('The server renderer makes no API calls')),
});
const emptyStorage = createStorage(null);

const PLACEHOLDERS = ['<!--app-head-->', '<!--app-html-->', '<!--app-data-->'] as const;

/**
 * The site's accent (site.yml) as the stylesheet's custom properties, derived for light and dark
 * with AA contrast; nothing for the sample's accent, which the stylesheet already has. It stays
 * through client-side navigations (it is not one of the page's head elements).
 */
function accentStyle(accent: string): string {
  return accent === BRAND_LIGHT.accent ? '' : `\n    <style>${accentCss(accent)}</style>`;
}

/**
 * A reading page's data for its islands (decision 0035): the frame's (the site), which every
 * island may read; each island carries its own props. The page itself is not hydrated, so the
 * router's data (the post's text a second time) stays out of it.
 */
function islandDataScript(context: StaticHandlerContext): string {
  return `<script type="application/json" id="${ISLAND_DATA_ELEMENT_ID}">${scriptSafeJson({ site: context.loaderData.root })}</script>`;
}

function modulesOf(context: StaticHandlerContext): string[] {
  return context.matches.flatMap(({ route }) => {
    const module = (route.handle as RouteHandle | undefined)?.module;
    return module ? [module] : [];
  });
}

export function createPageRenderer({
  reader,
  publicUrl,
  template,
  preloadsFor = () => [],
}: PageRendererOptions): PageRenderer {
  for (const placeholder of PLACEHOLDERS) {
    if (!template.includes(placeholder)) throw new Error(`index.html lacks ${placeholder}`);
  }
  const handler = createStaticHandler(createRoutes(reader));

  return {
    async render(url: string): Promise<RenderedPage> {
      // Appended, not resolved: a request target is a path, never a host.
      const request = new Request(`${publicUrl}${url.startsWith('/') ? url : `/${url}`}`);
      const context = await handler.query(request);
      if (context instanceof Response) {
        return {
          kind: 'redirect',
          status: context.status,
          location: context.headers.get('Location') ?? PAGE_PATHS.home,
        };
      }
      const head = routedHead(context, publicUrl);
      const router = createStaticRouter(handler.dataRoutes, context);
      // The whole page, lazy components included (renderToString would leave their fallbacks
      // for the browser to fill in): it is rendered once and then served from the cache.
      const { prelude } = await prerender(
        <StrictMode>
          <AppProviders apiClient={offlineApiClient} storage={emptyStorage}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </StrictMode>,
        // In one piece, however long: React would otherwise send a long page's content after a
        // fallback, with an inline script to swap them, which the CSP refuses (and a reading
        // page runs no React to do it).
        { progressiveChunkSize: Number.POSITIVE_INFINITY },
      );
      const appHtml = await new Response(prelude).text();
      const html = template
        // The document's language is the site's (site.yml), for screen readers and search engines.
        // data-analytics: whether the page sends its cookieless page view (ANALYTICS).
        .replace(
          /<html lang="[^"]*">/,
          () =>
            `<html lang="${escapeHtml(head.site.language)}"${head.site.analytics ? ' data-analytics="on"' : ''}>`,
        )
        .replace(
          '<!--app-head-->',
          () =>
            renderHead(head.meta, { publicUrl, site: head.site }) + accentStyle(head.site.accent),
        )
        .replace('<!--app-html-->', () => appHtml)
        // Only the members area and the console (personal pages) hydrate as the app.
        .replace('<!--app-data-->', () =>
          head.hydrates
            ? routeDataScript(context, preloadsFor(modulesOf(context)))
            : islandDataScript(context),
        );
      const failure = Object.values(context.errors ?? {}).find(
        (error) => !isRouteErrorResponse(error),
      );
      return {
        kind: 'page',
        status: context.statusCode,
        html,
        personal: head.personal,
        ...(failure ? { error: failure instanceof Error ? failure.stack : String(failure) } : {}),
      };
    },
  };
}
