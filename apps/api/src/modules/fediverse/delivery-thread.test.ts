/**
 * The server's way (boot.ts): what the site sends is worked on by the delivery thread, on its own
 * connection to the same file, while the page thread answers the routes and takes activities in.
 * A follow is accepted, a post published after it reaches the follower, a thread's log lines
 * reach the site's log, and the thread ends with the site.
 */
import { describe, expect, it } from 'vitest';
import { iso } from '../../clock.js';
import { capturedLog } from '../../test-support/captured-log.js';
import { createContentFolder, post } from '../../test-support/content.js';
import { startFederatedSite } from '../../test-support/federated-site.js';
import { startFediversePeer } from '../../test-support/fediverse-peer.js';
import { cleanupAfterEach } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import { keepFollower } from './store/account.js';

const track = cleanupAfterEach();

describe('the delivery thread', { timeout: 60_000 }, () => {
  it('accepts a follower and delivers a new post to them from its own thread', async () => {
    const folder = createContentFolder({});
    track(folder.cleanup);
    const log = capturedLog('info');
    const s = await startFederatedSite(
      { CONTENT_DIR: folder.dir },
      { deliveryThread: true, logger: log.logger },
    );
    track(() => s.cleanup());
    const mastodon = await startFediversePeer();
    track(() => mastodon.close());

    await mastodon.follow(s.actorId, 'ada');
    await expect
      .poll(() => mastodon.received.filter(({ type }) => type === 'Accept').length, {
        timeout: 20_000,
      })
      .toBe(1);

    // A second follower whose server is gone: its delivery fails, and the thread says so.
    keepFollower(
      s.deps.db,
      {
        actorId: 'http://127.0.0.1:9/users/cy',
        inbox: 'http://127.0.0.1:9/users/cy/inbox',
        sharedInbox: null,
        host: '127.0.0.1:9',
        followId: null,
      },
      iso(s.clock.now()),
    );
    // The thread reads time from the system clock: the post is today's news.
    const today = new Date().toISOString().slice(0, 10);
    folder.write('posts/fresh.md', post('Fresh from the thread', { date: today }));
    syncContent(s.deps.db, folder.dir, s.clock, s.deps.logger);
    await s.fediverse.published();
    await expect
      .poll(() => mastodon.received.filter(({ type }) => type === 'Create'), { timeout: 20_000 })
      .toHaveLength(1);
    expect(mastodon.received.find(({ type }) => type === 'Create')!.json).toMatchObject({
      object: { type: 'Article', name: 'Fresh from the thread' },
    });
    // The failed delivery is logged by the thread into the site's log, and waits to be retried.
    await expect
      .poll(() => log.text(), { timeout: 20_000 })
      .toMatch(/"thread":"deliveries".*"msg":"fediverse: a delivery failed"/);
    await expect
      .poll(() => s.deps.db.prepare(`SELECT queue, status FROM fediverse_jobs`).all())
      .toEqual([{ queue: 'outbox', status: 'pending' }]);

    await s.fediverse.stop();
    expect(log.text()).not.toMatch(/delivery thread (failed|stopped)/);
  });
});
