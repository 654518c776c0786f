/**
 * For tests (AppDeps.checkContracts): every 2xx JSON answer but a download is checked against the response
 * schema of its endpoint in the domain's catalogue, and a JSON answer under /api from a path the
 * catalogue does not list fails too. A mismatch throws inside the handler, so the test sees a
 * 500 naming the endpoint and the fields that drifted.
 */
import { API_SCHEMAS, matchApiRoute, type EndpointSchemas } from '@quillpost/domain';
import type { RequestHandler } from 'express';

export function responseContractCheck(): RequestHandler {
  return (req, res, next) => {
    const send = res.send.bind(res);
    let checked = false;
    res.send = (body?: unknown) => {
      const download = res.get('Content-Disposition')?.startsWith('attachment');
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      if (!checked && ok && !download && isJson(res.get('Content-Type'))) {
        checked = true;
        const where = `${req.method} ${req.path}`;
        const match = matchApiRoute(req.method, req.path);
        if (!match) {
          if (req.path.startsWith('/api/'))
            throw new Error(`${where}: no endpoint in the catalogue`);
        } else {
          const { response }: EndpointSchemas = API_SCHEMAS[match.name];
          if (!response) throw new Error(`${where}: ${match.name} is not declared to answer JSON`);
          const value: unknown = typeof body === 'string' ? JSON.parse(body) : body;
          const parsed = response.safeParse(value);
          if (!parsed.success) {
            const fields = parsed.error.issues
              .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
              .join('; ');
            throw new Error(`${where}: the answer breaks ${match.name}'s schema: ${fields}`);
          }
        }
      }
      return send(body);
    };
    next();
  };
}

const isJson = (type: string | undefined) => type !== undefined && /\bjson\b/.test(type);
