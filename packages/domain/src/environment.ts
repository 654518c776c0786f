/** Which environment the site runs in (spec section 9) and where its API lives. */

export const ENVIRONMENTS = ['local-development', 'remote-development', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export interface EnvironmentOptions {
  /** Hostnames that are production, e.g. ['example.com', 'www.example.com']. */
  productionHosts?: readonly string[];
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0']);

/** Lower-cases and strips a port, IPv6 brackets and a trailing dot. */
function normalizeHostname(hostname: string): string {
  let host = hostname.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\]/.exec(host);
  if (bracketed) host = bracketed[1] ?? '';
  else if (host.split(':').length === 2) host = host.slice(0, host.indexOf(':'));
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * Local for loopback and *.local / *.localhost; production only for the configured hosts;
 * everything else (staging, previews and unknown hosts) is remote development, so an unknown
 * host never gets production behaviour by accident.
 */
export function detectEnvironment(hostname: string, options: EnvironmentOptions = {}): Environment {
  const host = normalizeHostname(hostname);
  if (LOCAL_HOSTS.has(host) || host.endsWith('.local') || host.endsWith('.localhost')) {
    return 'local-development';
  }
  const productionHosts = (options.productionHosts ?? []).map(normalizeHostname);
  if (productionHosts.includes(host)) return 'production';
  return 'remote-development';
}

/**
 * Base URL for API calls: '' (same origin) in every environment. The dev server proxies /api and
 * /verify to the API and production serves both from one process, so the session cookie stays
 * first-party and no CORS is needed. The original's hard-coded local address and "retry against
 * the development server" are deliberately not reproduced. The parameters stay so a future
 * split deployment changes this one function only.
 */
export function apiBaseFor(_environment: Environment, _origin?: string): string {
  return '';
}
