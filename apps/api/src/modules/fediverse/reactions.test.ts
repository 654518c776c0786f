/**
 * Likes and boosts from another server are counted under the site's post, once per account, and
 * an Undo by the same account takes them back; a like of something that is not one of the site's
 * posts counts nowhere.
 */
import { describe, expect, it } from 'vitest';
import { createContentFolder, post } from '../../test-support/content.js';
import { startFederatedSite } from '../../test-support/federated-site.js';
import { startFediversePeer } from '../../test-support/fediverse-peer.js';
import { cleanupAfterEach } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import { reactionCounts } from './index.js';

const track = cleanupAfterEach();

describe('likes and boosts', { timeout: 60_000 }, () => {
  it('are counted once per account under the post, and an Undo takes them back', async () => {
    const folder = createContentFolder({ 'posts/small-tools.md': post('Small tools') });
    track(folder.cleanup);
    const s = await startFederatedSite({ CONTENT_DIR: folder.dir });
    track(() => s.cleanup());
    syncContent(s.deps.db, folder.dir, s.clock, s.deps.logger);
    const mastodon = await startFediversePeer();
    track(() => mastodon.close());
    const postId = s.deps.db
      .prepare(`SELECT id FROM content_items WHERE slug = 'small-tools'`)
      .pluck()
      .get() as number;
    const postUrl = `${s.url}/posts/small-tools`;
    const counts = () => reactionCounts(s.deps.db, postId);

    const like = await mastodon.react('like', s.actorId, postUrl);
    await mastodon.react('like', s.actorId, postUrl);
    const boost = await mastodon.react('announce', s.actorId, postUrl);
    await mastodon.react('like', s.actorId, `${s.url}/posts/no-such-post`);
    await expect.poll(counts, { timeout: 20_000 }).toEqual({ likes: 1, boosts: 1 });
    expect(s.deps.db.prepare('SELECT count(*) FROM fediverse_reactions').pluck().get()).toBe(2);

    await mastodon.unreact('like', s.actorId, postUrl, like);
    await expect.poll(counts, { timeout: 20_000 }).toEqual({ likes: 0, boosts: 1 });
    await mastodon.unreact('announce', s.actorId, postUrl, boost);
    await expect.poll(counts, { timeout: 20_000 }).toEqual({ likes: 0, boosts: 0 });
  });

  it('go, with the follow, when the account is deleted on its server', async () => {
    const folder = createContentFolder({ 'posts/small-tools.md': post('Small tools') });
    track(folder.cleanup);
    const s = await startFederatedSite({ CONTENT_DIR: folder.dir });
    track(() => s.cleanup());
    syncContent(s.deps.db, folder.dir, s.clock, s.deps.logger);
    const mastodon = await startFediversePeer();
    track(() => mastodon.close());
    const rows = (table: string) =>
      s.deps.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    await mastodon.follow(s.actorId);
    await mastodon.react('like', s.actorId, `${s.url}/posts/small-tools`);
    await expect
      .poll(() => [rows('fediverse_followers'), rows('fediverse_reactions')], { timeout: 20_000 })
      .toEqual([1, 1]);

    await mastodon.deleteAccount(s.actorId);
    await expect
      .poll(() => [rows('fediverse_followers'), rows('fediverse_reactions')], { timeout: 20_000 })
      .toEqual([0, 0]);
  });
});
