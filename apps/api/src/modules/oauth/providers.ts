import { OAUTH_PROVIDERS, type OAuthProvider } from '@quillpost/domain';
import type { Env } from '../../env.js';

/** One sign-in provider as configured: endpoints always (real ones by default), credentials maybe. */
export interface ProviderConfig {
  provider: OAuthProvider;
  /** Both the client id and secret are set; otherwise the button is shown as unavailable. */
  available: boolean;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
  /** OpenID Connect: an ID token (with nonce) comes back and the issuer is checked against it. */
  oidc: boolean;
  issuer: string;
}

const SCOPES: Record<OAuthProvider, string> = {
  google: 'openid email profile',
  github: 'read:user user:email',
  discord: 'identify email',
  facebook: 'email public_profile',
};

/** Google's ID tokens name this issuer wherever its endpoints are reached. */
const GOOGLE_ISSUER = 'https://accounts.google.com';

type ProviderEnvKey = 'GOOGLE' | 'GITHUB' | 'DISCORD' | 'FACEBOOK';

export function providerConfig(env: Env, provider: OAuthProvider): ProviderConfig {
  const key = provider.toUpperCase() as ProviderEnvKey;
  const clientId = env[`OAUTH_${key}_CLIENT_ID`];
  const clientSecret = env[`OAUTH_${key}_CLIENT_SECRET`];
  const authorizeUrl = env[`OAUTH_${key}_AUTHORIZE_URL`];
  return {
    provider,
    available: Boolean(clientId && clientSecret),
    clientId: clientId ?? '',
    clientSecret: clientSecret ?? '',
    authorizeUrl,
    tokenUrl: env[`OAUTH_${key}_TOKEN_URL`],
    userinfoUrl: env[`OAUTH_${key}_USERINFO_URL`],
    scope: SCOPES[provider],
    oidc: provider === 'google',
    issuer: provider === 'google' ? GOOGLE_ISSUER : new URL(authorizeUrl).origin,
  };
}

export function providerRegistry(env: Env): ReadonlyMap<OAuthProvider, ProviderConfig> {
  return new Map(OAUTH_PROVIDERS.map((provider) => [provider, providerConfig(env, provider)]));
}

/** Plain http is allowed only to loopback (the test provider); everything real is https. */
export function isLoopbackHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}
