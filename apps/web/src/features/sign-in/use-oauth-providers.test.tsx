import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT, type FakeRoute } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-app';
import { useOAuthProviders } from './use-oauth-providers';

function Providers() {
  const available = useOAuthProviders();
  return <output>{available === null ? 'asking' : available.join(', ') || 'none'}</output>;
}

const answering = (route: FakeRoute) =>
  renderWithProviders(<Providers />, {
    routes: { ...SIGNED_OUT, 'GET /api/oauth/providers': route },
  });

describe('useOAuthProviders', () => {
  it("lists the providers set up, in the dialog's order, once the server answers", async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    answering(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByText('asking')).toBeInTheDocument();
    answer({
      body: {
        success: true,
        providers: [
          { provider: 'discord', available: true },
          { provider: 'google', available: true },
          { provider: 'github', available: false },
          { provider: 'facebook', available: true },
        ],
      },
    });
    expect(await screen.findByText('google, facebook, discord')).toBeInTheDocument();
  });

  it('offers none when the server cannot say', async () => {
    answering({ status: 500, body: { success: false, code: 'INTERNAL_ERROR', message: 'x' } });
    expect(await screen.findByText('none')).toBeInTheDocument();
  });
});
