import * as oauth from 'oauth4webapi';
import type { ProviderProfile } from '../auth/index.js';
import { discordProfile, facebookProfile, githubProfile, googleProfile } from './profiles.js';
import { isLoopbackHttp, type ProviderConfig } from './providers.js';

/**
 * The authorization-code + PKCE client, on oauth4webapi with explicit endpoints (no discovery).
 * Every failure becomes an OAuthFlowError whose kind the routes turn into a domain code.
 */

export type FlowFailure =
  /** state missing, wrong or not ours. */
  | 'state'
  /** The provider sent the user back with an error (access_denied, ...). */
  | 'denied'
  /** The provider did not answer in time or could not be reached. */
  | 'unavailable'
  /** Anything else the protocol or the profile got wrong. */
  | 'failed';

export class OAuthFlowError extends Error {
  constructor(
    readonly kind: FlowFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OAuthFlowError';
  }
}

export interface FlowSecrets {
  state: string;
  codeVerifier: string;
  nonce: string | null;
}

export function newFlowSecrets(config: ProviderConfig): FlowSecrets {
  return {
    state: oauth.generateRandomState(),
    codeVerifier: oauth.generateRandomCodeVerifier(),
    nonce: config.oidc ? oauth.generateRandomNonce() : null,
  };
}

export async function authorizationUrl(
  config: ProviderConfig,
  redirectUri: string,
  secrets: FlowSecrets,
): Promise<string> {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', config.scope);
  url.searchParams.set('state', secrets.state);
  url.searchParams.set(
    'code_challenge',
    await oauth.calculatePKCECodeChallenge(secrets.codeVerifier),
  );
  url.searchParams.set('code_challenge_method', 'S256');
  if (secrets.nonce) url.searchParams.set('nonce', secrets.nonce);
  return url.href;
}

function serverOf(config: ProviderConfig): oauth.AuthorizationServer {
  return {
    issuer: config.issuer,
    authorization_endpoint: config.authorizeUrl,
    token_endpoint: config.tokenUrl,
    userinfo_endpoint: config.userinfoUrl,
  };
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** Network-level trouble (timeout, refused, DNS) is "unavailable"; the rest is a failed sign-in. */
function classify(error: unknown): OAuthFlowError {
  if (error instanceof OAuthFlowError) return error;
  if (isTimeout(error) || isTimeout((error as { cause?: unknown }).cause)) {
    return new OAuthFlowError('unavailable', 'provider timed out', { cause: error });
  }
  if (error instanceof TypeError && error.message === 'fetch failed') {
    return new OAuthFlowError('unavailable', 'provider unreachable', { cause: error });
  }
  return new OAuthFlowError('failed', (error as Error).message ?? 'sign-in failed', {
    cause: error,
  });
}

export interface CallbackInput {
  config: ProviderConfig;
  redirectUri: string;
  /** The full callback URL as received (query: code, state or error). */
  callbackUrl: URL;
  secrets: FlowSecrets;
  timeoutMs: number;
}

/**
 * Checks the callback against the state we sent, redeems the code with the PKCE verifier and
 * reads the profile in the provider's own shape.
 */
export async function completeAuthorization(input: CallbackInput): Promise<ProviderProfile> {
  const { config, secrets } = input;
  const as = serverOf(config);
  const client: oauth.Client = { client_id: config.clientId };
  const clientAuth = oauth.ClientSecretPost(config.clientSecret);
  const http = (url: string) => ({
    signal: AbortSignal.timeout(input.timeoutMs),
    [oauth.allowInsecureRequests]: isLoopbackHttp(url),
  });

  let params: URLSearchParams;
  try {
    const callbackUrl = new URL(input.callbackUrl);
    // Only Google (OIDC) has a known issuer identifier to compare an `iss` parameter with. For the
    // others the mix-up defence is the distinct redirect URI per provider (RFC 9700, 4.4.2).
    if (!config.oidc) callbackUrl.searchParams.delete('iss');
    params = oauth.validateAuthResponse(as, client, callbackUrl, secrets.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      throw new OAuthFlowError('denied', error.error, { cause: error });
    }
    throw new OAuthFlowError('state', 'authorization response did not match the request', {
      cause: error,
    });
  }

  try {
    const tokenResponse = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      input.redirectUri,
      secrets.codeVerifier,
      http(config.tokenUrl),
    );
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      tokenResponse,
      secrets.nonce ? { expectedNonce: secrets.nonce, requireIdToken: true } : undefined,
    );
    const accessToken = tokens.access_token;

    if (config.oidc) {
      const claims = oauth.getValidatedIdTokenClaims(tokens);
      if (!claims) throw new OAuthFlowError('failed', 'no ID token');
      const response = await oauth.userInfoRequest(
        as,
        client,
        accessToken,
        http(config.userinfoUrl),
      );
      // The userinfo subject must be the ID token's subject (OIDC Core 5.3.2).
      return googleProfile(await oauth.processUserInfoResponse(as, client, claims.sub, response));
    }

    const get = async (url: string, optional = false): Promise<unknown> => {
      const response = await oauth.protectedResourceRequest(
        accessToken,
        'GET',
        new URL(url),
        new Headers({ accept: 'application/json' }),
        null,
        http(url),
      );
      if (!response.ok) {
        await response.body?.cancel();
        if (optional) return undefined;
        throw new OAuthFlowError('failed', `profile request answered ${response.status}`);
      }
      return response.json();
    };

    switch (config.provider) {
      case 'github': {
        const user = await get(config.userinfoUrl);
        const emailsUrl = new URL(config.userinfoUrl);
        emailsUrl.pathname = `${emailsUrl.pathname.replace(/\/$/, '')}/emails`;
        emailsUrl.search = '';
        return githubProfile(user, await get(emailsUrl.href, true));
      }
      case 'discord':
        return discordProfile(await get(config.userinfoUrl));
      case 'facebook':
        return facebookProfile(await get(config.userinfoUrl));
      default:
        throw new OAuthFlowError('failed', `no profile reader for ${config.provider}`);
    }
  } catch (error) {
    throw classify(error);
  }
}
