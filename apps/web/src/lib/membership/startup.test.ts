import { describe, expect, it } from 'vitest';
import { createStorage } from '../storage';
import { createFakeApi, signedIn, SIGNED_OUT } from '../../test/fake-api';
import { memoryStore, STORED_PENDING_SUBSCRIPTION as stored } from '../../test/render-app';
import { loadMembership } from './startup';

describe('loadMembership', () => {
  it('signed out with a stored subscription: a subscriber', async () => {
    const events = await loadMembership(
      createFakeApi(SIGNED_OUT).api,
      createStorage(memoryStore({ subscription: stored })),
    );
    expect(events).toEqual([{ type: 'startup-anonymous', subscription: stored }]);
  });

  it('signed in: fetches the user and remembers the sign-in', async () => {
    const store = memoryStore();
    const events = await loadMembership(createFakeApi(signedIn()).api, createStorage(store));
    expect(events[0]).toMatchObject({
      type: 'startup-authenticated',
      user: { email: 'ada@example.com', role: 'member' },
      subscription: null,
    });
    expect(store.data.get('was_previously_authenticated')).toBe('true');
  });

  it("reads /me answers nested under 'data'", async () => {
    const routes = signedIn();
    const me = routes['GET /api/auth/me'] as { body: unknown };
    routes['GET /api/auth/me'] = { body: { success: true, data: me.body } };
    const events = await loadMembership(createFakeApi(routes).api, createStorage(memoryStore()));
    expect(events[0]?.type).toBe('startup-authenticated');
  });

  it("an unreachable API keeps the stored subscription and reports 'Failed to initialize membership'", async () => {
    const events = await loadMembership(
      createFakeApi({ 'GET /api/auth/session': 'network-error' }).api,
      createStorage(memoryStore({ subscription: stored })),
    );
    expect(events).toEqual([
      { type: 'startup-anonymous', subscription: stored },
      { type: 'failed', error: 'MEMBERSHIP_INIT_FAILED' },
    ]);
  });

  it('a stored value of the wrong shape is discarded', async () => {
    const store = memoryStore({ subscription: { ...stored, status: 'gone' } });
    const events = await loadMembership(createFakeApi(SIGNED_OUT).api, createStorage(store));
    expect(events).toEqual([{ type: 'startup-anonymous', subscription: null }]);
    expect(store.data.has('subscription')).toBe(false);
  });
});
