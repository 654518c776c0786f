/**
 * Likes and boosts from another server are counted under the site's post, once per account, and
 * an Undo by the same account takes them back; a like of something that is not one of the site's
 * posts counts nowhere.
 */
import { describe, expect, it } from 'vitest';
import { federatedSiteWithPost } from '../../test-support/federated-site.js';
import { cleanupAfterEach } from '../../test-support/test-app.js';
import { reactionCounts } from './index.js';

const track = cleanupAfterEach();

describe('likes and boosts', { timeout: 60_000 }, () => {
  it('are counted once per account under the post, and an Undo takes them back', async () => {
    const { s, mastodon, postId, postUrl } = await federatedSiteWithPost(track);
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
    const { s, mastodon, postUrl } = await federatedSiteWithPost(track);
    const rows = (table: string) =>
      s.deps.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    await mastodon.follow(s.actorId);
    await mastodon.react('like', s.actorId, postUrl);
    await expect
      .poll(() => [rows('fediverse_followers'), rows('fediverse_reactions')], { timeout: 20_000 })
      .toEqual([1, 1]);

    await mastodon.deleteAccount(s.actorId);
    await expect
      .poll(() => [rows('fediverse_followers'), rows('fediverse_reactions')], { timeout: 20_000 })
      .toEqual([0, 0]);
  });
});
