/**
 * Posts go out to followers: a post published (by its file, the editor's save or its scheduled
 * time) as a Create{Article}, an edit as an Update, a withdrawn post as a Delete; an old post
 * arriving by import tells no one. The Article carries the title, the HTML with absolute image
 * addresses, the summary, its page, date, tags and picture. The post's page answers that Article
 * to an ActivityPub client, and a real second server receives it signed, once per shared inbox.
 */
import { createFederation } from '@fedify/testing';
import { Article, Create, Delete, Tombstone, Update } from '@fedify/vocab';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { iso } from '../../clock.js';
import { as, signInAs } from '../../test-support/community.js';
import { createContentFolder, post } from '../../test-support/content.js';
import { startFederatedSite } from '../../test-support/federated-site.js';
import { startFediversePeer } from '../../test-support/fediverse-peer.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { createContentService, syncContent } from '../content/index.js';
import { FEDERATION_PATHS } from './addresses.js';
import { publishChanges } from './publisher.js';
import { keepFollower } from './store/account.js';

const track = cleanupAfterEach();
const PUBLIC_URL = 'https://rowan.example';

const SMALL_TOOLS = post('Small tools', {
  date: '2026-01-01',
  extra: [
    'tags: [tools, making]',
    'excerpt: Why I keep my tools small.',
    'featured_image: /content/images/desk.jpg',
  ].join('\n'),
  body: 'A picture of my desk:\n\n![My desk](/content/images/desk.jpg)\n\nAnd [a note](#note).',
});

function siteWithFollowers() {
  const folder = createContentFolder({
    'posts/small-tools.md': SMALL_TOOLS,
    'posts/old.md': post('An old post from the archive', { date: '2024-03-01' }),
    'posts/later.md': post('Later', { date: '2026-01-02T09:00:00Z' }),
  });
  const t = createTestApp({ env: { PUBLIC_URL, WEB_ORIGIN: PUBLIC_URL, CONTENT_DIR: folder.dir } });
  track(folder.cleanup, t.cleanup);
  const sync = () => syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger);
  sync();
  const now = iso(t.clock.now());
  for (const [actor, server, shared] of [
    ['ada', 'social.example', true],
    ['bo', 'social.example', true],
    ['cy', 'tiny.example', false],
  ] as const) {
    keepFollower(
      t.deps.db,
      {
        actorId: `https://${server}/users/${actor}`,
        inbox: `https://${server}/users/${actor}/inbox`,
        sharedInbox: shared ? `https://${server}/inbox` : null,
        host: server,
        followId: null,
      },
      now,
    );
  }
  // Fedify's mock federation records what would be sent, with the site's own addresses.
  const mock = createFederation<void>({ origin: PUBLIC_URL });
  mock.setActorDispatcher(FEDERATION_PATHS.actor, () => null);
  mock.setFollowersDispatcher(FEDERATION_PATHS.followers, () => null);
  const context = mock.createContext(new URL(PUBLIC_URL), undefined);
  const publish = () =>
    publishChanges({
      ...t.deps,
      publicUrl: PUBLIC_URL,
      content: createContentService(t.deps),
      context: () => context,
    });
  return { ...t, folder, sync, context, publish };
}

describe('posts going out', { timeout: 60_000 }, () => {
  it('sends a newly published post to every follower as a Create{Article}', async () => {
    const t = siteWithFollowers();
    await t.publish();
    const sent = t.context.getSentActivities();
    expect(sent).toHaveLength(1);
    const { activity, recipients } = sent[0]!;
    expect(activity).toBeInstanceOf(Create);
    expect(activity.actorId?.href).toBe(`${PUBLIC_URL}/ap/users/site`);
    expect((recipients as Array<{ id: URL }>).map((one) => one.id.href)).toEqual([
      'https://social.example/users/ada',
      'https://social.example/users/bo',
      'https://tiny.example/users/cy',
    ]);

    const article = await activity.getObject();
    expect(article).toBeInstanceOf(Article);
    const json = (await article!.toJsonLd({ format: 'compact' })) as Record<string, unknown>;
    const url = `${PUBLIC_URL}/posts/small-tools`;
    expect(json).toMatchObject({
      type: 'Article',
      id: url,
      url,
      name: 'Small tools',
      summary: '<p>Why I keep my tools small.</p>',
      published: '2026-01-01T00:00:00Z',
      attributedTo: `${PUBLIC_URL}/ap/users/site`,
      to: 'as:Public',
      cc: `${PUBLIC_URL}/ap/users/site/followers`,
      image: { type: 'Image', url: `${PUBLIC_URL}/content/images/desk.jpg` },
      tag: [
        { type: 'Hashtag', name: '#tools', href: `${PUBLIC_URL}/search?q=tools` },
        { type: 'Hashtag', name: '#making', href: `${PUBLIC_URL}/search?q=making` },
      ],
    });
    const content = json.content as string;
    expect(content).toContain(`src="${PUBLIC_URL}/content/images/desk.jpg"`);
    expect(content).toContain(`href="${url}#note"`);
    expect(content).not.toMatch(/(?:src|href)="\//);

    // Nothing changed, nothing sent; the old post (an import) and the scheduled one stay quiet.
    await t.publish();
    expect(t.context.getSentActivities()).toHaveLength(1);
  });

  it('sends a scheduled post when its time comes, an edit as Update, a withdrawal as Delete', async () => {
    const t = siteWithFollowers();
    await t.publish();
    t.context.reset();

    t.clock.advance(24 * 60 * 60_000);
    await t.publish();
    const scheduled = t.context.getSentActivities().map(({ activity }) => activity);
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]).toBeInstanceOf(Create);
    expect((await scheduled[0]!.getObject())?.id?.href).toBe(`${PUBLIC_URL}/posts/later`);
    t.context.reset();

    t.folder.write('posts/small-tools.md', SMALL_TOOLS.replace('Small tools', 'Smaller tools'));
    t.sync();
    await t.publish();
    const [edit] = t.context.getSentActivities().map(({ activity }) => activity);
    expect(edit).toBeInstanceOf(Update);
    const edited = await edit!.getObject();
    expect(edited?.name?.toString()).toBe('Smaller tools');
    // Dated when it was sent, so Mastodon takes it as newer than the post it has.
    expect(edited?.updated?.toString()).toBe('2026-01-02T09:00:00Z');
    t.context.reset();

    t.folder.remove('posts/small-tools.md');
    t.sync();
    await t.publish();
    const [withdrawal] = t.context.getSentActivities().map(({ activity }) => activity);
    expect(withdrawal).toBeInstanceOf(Delete);
    const tombstone = await withdrawal!.getObject();
    expect(tombstone).toBeInstanceOf(Tombstone);
    expect(tombstone?.id?.href).toBe(`${PUBLIC_URL}/posts/small-tools`);
  });

  it('sends what the owner publishes and trashes in Console → Writing', async () => {
    const t = siteWithFollowers();
    await t.publish();
    t.context.reset();
    const owner = as(t, await signInAs(t, 'admin'));
    const { file } = (await owner.post('/api/admin/writing', { kind: 'post', title: 'Low tide' }))
      .body;
    const drafted = (
      await owner.put('/api/admin/writing/file', { ...file, body: 'Cockles at low tide.' })
    ).body.file;
    await t.publish();
    expect(t.context.getSentActivities()).toEqual([]);

    await owner.put('/api/admin/writing/file', {
      ...drafted,
      frontMatter: { ...drafted.frontMatter, status: 'published' },
    });
    await t.publish();
    const [created] = t.context.getSentActivities().map(({ activity }) => activity);
    expect(created).toBeInstanceOf(Create);
    expect((await created!.getObject())?.id?.href).toBe(`${PUBLIC_URL}/posts/low-tide`);
    t.context.reset();

    const trashed = await owner.delete(
      `/api/admin/writing/file?path=${encodeURIComponent(drafted.path)}`,
    );
    expect(trashed.status).toBe(200);
    await t.publish();
    const [deleted] = t.context.getSentActivities().map(({ activity }) => activity);
    expect(deleted).toBeInstanceOf(Delete);
    expect((await deleted!.getObject())?.id?.href).toBe(`${PUBLIC_URL}/posts/low-tide`);
  });

  it("answers the Article at the post's own address to an ActivityPub client", async () => {
    const t = siteWithFollowers();
    const res = await request(t.app)
      .get('/posts/small-tools')
      .set('Accept', 'application/activity+json');
    expect(res.status).toBe(200);
    expect(res.headers.vary).toMatch(/\bAccept\b/);
    expect(JSON.parse(res.text)).toMatchObject({ type: 'Article', name: 'Small tools' });
    const page = await request(t.app).get('/posts/small-tools').set('Accept', 'text/html');
    expect(page.headers['content-type'] ?? '').not.toMatch(/activity\+json/);
    expect(page.headers.vary).toMatch(/\bAccept\b/);
    const scheduled = await request(t.app)
      .get('/posts/later')
      .set('Accept', 'application/activity+json');
    expect(scheduled.headers['content-type'] ?? '').not.toMatch(/activity\+json/);

    // The answer is kept for the next server that asks, until the post changes.
    t.folder.write('posts/small-tools.md', SMALL_TOOLS.replace('"Small tools"', '"Smaller tools"'));
    t.sync();
    const edited = await request(t.app)
      .get('/posts/small-tools')
      .set('Accept', 'application/activity+json');
    expect(JSON.parse(edited.text)).toMatchObject({ type: 'Article', name: 'Smaller tools' });
  });

  it('reaches a real server signed, once for its two followers there', async () => {
    const folder = createContentFolder({});
    track(folder.cleanup);
    const s = await startFederatedSite({ CONTENT_DIR: folder.dir });
    track(() => s.cleanup());
    const mastodon = await startFediversePeer();
    track(() => mastodon.close());
    await mastodon.follow(s.actorId, 'ada');
    await mastodon.follow(s.actorId, 'bo');
    await expect
      .poll(() => mastodon.received.filter(({ type }) => type === 'Accept').length, {
        timeout: 20_000,
      })
      .toBe(2);

    folder.write('posts/small-tools.md', SMALL_TOOLS);
    syncContent(s.deps.db, folder.dir, s.clock, s.deps.logger);
    await s.fediverse.published();
    await expect
      .poll(() => mastodon.received.filter(({ type }) => type === 'Create'), { timeout: 20_000 })
      .toHaveLength(1);
    const create = mastodon.received.find(({ type }) => type === 'Create')!;
    expect(create.actor).toBe(s.actorId);
    expect(create.json).toMatchObject({ object: { type: 'Article', name: 'Small tools' } });
    // Every POST the peer took is the site's.
    const deliveries = mastodon.requested.filter(({ method }) => method === 'POST');
    // The two Accepts went to each follower's inbox; the post once, to the shared inbox.
    expect(deliveries.map(({ path }) => path)).toEqual([
      '/users/ada/inbox',
      '/users/bo/inbox',
      '/inbox',
    ]);
  });
});
