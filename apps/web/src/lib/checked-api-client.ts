/**
 * The API client for features whose bundles carry zod anyway (the members area, the consoles,
 * the manage page): every answer is checked against its endpoint's response schema before the
 * feature sees it. Reading pages use the plain client and stay zod-free (decision 0012).
 */
import { API_SCHEMAS, type EndpointSchemas } from '@quillpost/domain';
import type { ApiClient } from './api-client';

export function withResponseChecks(api: ApiClient): ApiClient {
  return {
    call: (name, ...[options]) => {
      const { response } = API_SCHEMAS[name] as EndpointSchemas;
      return api.call(name, { ...options, schema: response ?? undefined } as never);
    },
    url: api.url,
  };
}
