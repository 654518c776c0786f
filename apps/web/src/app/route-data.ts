/**
 * The router's data, carried from the server's render to the browser's hydration in a JSON
 * script element (not an inline script: the CSP allows none, and a cached page must not carry a
 * nonce). Loader errors are route error responses (a 404) or plain errors; both cross as fields.
 */
import {
  isRouteErrorResponse,
  UNSAFE_ErrorResponseImpl as ErrorResponse,
  type HydrationState,
} from 'react-router-dom';
import { escapeHtml } from '@quillpost/domain';
import { scriptSafeJson } from '../lib/page-head';

import { ROUTE_DATA_ELEMENT_ID } from './route-data-id';

export { ROUTE_DATA_ELEMENT_ID };

type SerializedError =
  | { kind: 'response'; status: number; statusText: string; data: unknown }
  | { kind: 'error'; message: string };

interface SerializedRouteData {
  loaderData: Record<string, unknown>;
  errors: Record<string, SerializedError> | null;
}

/** A loader's answer crosses as is; anything else (a bug) only as the fact that it failed. */
function serializeError(error: unknown): SerializedError {
  return isRouteErrorResponse(error)
    ? { kind: 'response', status: error.status, statusText: error.statusText, data: error.data }
    : { kind: 'error', message: 'Unexpected error' };
}

/**
 * The <script> element for the page, safe against any text the content holds. `modules` are the
 * page's route chunks, which src/main.tsx preloads with the app once the page has painted.
 */
export function routeDataScript(
  state: { loaderData: Record<string, unknown>; errors: Record<string, unknown> | null },
  modules: readonly string[] = [],
): string {
  const data: SerializedRouteData = {
    loaderData: state.loaderData,
    errors: state.errors
      ? Object.fromEntries(
          Object.entries(state.errors).map(([id, error]) => [id, serializeError(error)]),
        )
      : null,
  };
  const preload = modules.length ? ` data-modules="${escapeHtml(modules.join(' '))}"` : '';
  return `<script type="application/json" id="${ROUTE_DATA_ELEMENT_ID}"${preload}>${scriptSafeJson(data)}</script>`;
}

/** What the server rendered with, for createBrowserRouter's `hydrationData`. */
export function readRouteData(document: Document): HydrationState | undefined {
  const text = document.getElementById(ROUTE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  const data = JSON.parse(text) as SerializedRouteData;
  return {
    loaderData: data.loaderData,
    errors: data.errors
      ? Object.fromEntries(
          Object.entries(data.errors).map(([id, error]) => [
            id,
            error.kind === 'response'
              ? new ErrorResponse(error.status, error.statusText, error.data)
              : new Error(error.message),
          ]),
        )
      : null,
  };
}
