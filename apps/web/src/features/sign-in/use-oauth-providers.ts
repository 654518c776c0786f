import {
  oauthProvidersResponseSchema,
  SIGN_IN_DIALOG_PROVIDERS,
  type OAuthProvider,
} from '@quillpost/domain';
import { useEffect, useState } from 'react';
import { useApiClient } from '../../lib/api-context';

/**
 * The providers the server has set up, in the dialog's order; null until /api/oauth/providers
 * answers. An answer that fails leaves none, and the email form is the way in.
 */
export function useOAuthProviders(): readonly OAuthProvider[] | null {
  const api = useApiClient();
  const [available, setAvailable] = useState<readonly OAuthProvider[] | null>(null);

  useEffect(() => {
    let active = true;
    void api.call('oauthProviders', { schema: oauthProvidersResponseSchema }).then((result) => {
      if (!active) return;
      const configured = new Set(
        result.ok
          ? result.data.providers.filter((item) => item.available).map((item) => item.provider)
          : [],
      );
      setAvailable(SIGN_IN_DIALOG_PROVIDERS.filter((provider) => configured.has(provider)));
    });
    return () => {
      active = false;
    };
  }, [api]);

  return available;
}
