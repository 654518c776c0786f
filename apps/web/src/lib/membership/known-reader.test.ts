import { afterEach, describe, expect, it } from 'vitest';
import { createStorage } from '../storage';
import { memoryStore, STORED_PENDING_SUBSCRIPTION } from '../../test/render-app';
import { keepKnownReaderCookie } from './known-reader';

afterEach(() => {
  document.cookie = 'qp_known=; Path=/; Max-Age=0';
});

describe('the known-reader cookie', () => {
  it('is set while this browser stores a subscription, and removed with it', () => {
    const store = memoryStore({ subscription: STORED_PENDING_SUBSCRIPTION });
    const storage = createStorage(store);
    keepKnownReaderCookie(storage);
    expect(document.cookie).toContain('qp_known=1');

    storage.remove('subscription');
    keepKnownReaderCookie(storage);
    expect(document.cookie).not.toContain('qp_known');
  });

  it('follows a past sign-in, but not one marked false, and nothing for a visitor', () => {
    const storage = createStorage(memoryStore({}));
    keepKnownReaderCookie(storage);
    expect(document.cookie).not.toContain('qp_known');
    storage.writeRaw('was_previously_authenticated', 'false');
    keepKnownReaderCookie(storage);
    expect(document.cookie).not.toContain('qp_known');
    storage.writeRaw('was_previously_authenticated', 'true');
    keepKnownReaderCookie(storage);
    expect(document.cookie).toContain('qp_known=1');
  });
});
