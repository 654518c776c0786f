import {
  accentPalette,
  DEFAULT_HUB_COPY,
  DEFAULT_SUBSCRIBE_COPY,
  MESSAGES,
} from '@quillpost/domain';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.js';
import { SmtpMailer } from '../../mail/smtp-mailer.js';
import { capturedLog } from '../../test-support/captured-log.js';
import { as, signInAs } from '../../test-support/community.js';
import { createContentFolder, post } from '../../test-support/content.js';
import { startSmtpSink } from '../../test-support/smtp-sink.js';
import { createTestApp } from '../../test-support/test-app.js';
import { adoptSavedProfiles, createContentService, paintPreviewCards } from '../content/index.js';
import { syncContent } from '../content/sync.js';
import { savedSocialProfiles } from '../settings/index.js';
import { subscribe } from '../subscriptions/index.js';
import { previewCardsDir } from './index.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ADA = `# Ada's site, written by hand.
title: Ada Palmer
tagline: Field notes
description: Ada Palmer on history and the future.
language: en-US
timezone: America/Chicago
owner:
  name: Ada Palmer
  bio: Historian and novelist.
intro: |
  # Hi, I'm Ada.

  I write about the past and the future.
accent: "#1f5f8c"
newsletter:
  name: Ada's letters
  from_name: Ada at the desk
hubs:
  build:
    summary: Machines I take apart.
subscribe:
  title: Letters from the archive
`;

async function adaSite() {
  const folder = createContentFolder({
    'site.yml': ADA,
    'posts/hello.md': post('Hello', { date: '2025-12-02' }),
  });
  const sink = await startSmtpSink();
  const mailer = new SmtpMailer({
    url: sink.url,
    from: 'newsletter@ada.example',
    timeoutMs: 2_000,
  });
  const t = createTestApp({ env: { CONTENT_DIR: folder.dir }, deps: { mailer } });
  cleanups.push(
    folder.cleanup,
    () => sink.close(),
    () => mailer.close(),
    t.cleanup,
  );
  const report = syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger);
  return { ...t, folder, sink, report };
}

describe('content/site.yml', () => {
  it('names the site in its answers, feeds and mail, From header included', async () => {
    const t = await adaSite();
    expect(t.report.errors).toEqual([]);
    const site = (await request(t.app).get('/api/site')).body;
    expect(site).toMatchObject({
      title: 'Ada Palmer',
      tagline: 'Field notes',
      description: 'Ada Palmer on history and the future.',
      language: 'en-US',
      timezone: 'America/Chicago',
      accent: '#1f5f8c',
      owner: { name: 'Ada Palmer', bio: 'Historian and novelist.', avatarUrl: null, email: null },
      newsletterName: "Ada's letters",
    });
    expect(site.intro).toContain('<h1>Hi, I’m Ada.</h1>');
    // Her words where she gave them, plain defaults naming no one elsewhere.
    expect(site.hubs.build.summary).toBe('Machines I take apart.');
    expect(site.hubs.learn.summary).toBe(DEFAULT_HUB_COPY.learn.summary);
    expect(site.subscribe).toMatchObject({
      title: 'Letters from the archive',
      afterPostTitle: DEFAULT_SUBSCRIBE_COPY.afterPostTitle,
    });

    const feed = (await request(t.app).get('/rss.xml')).text;
    expect(feed).toContain('<title>Ada Palmer</title>');
    expect(feed).toContain('<language>en-US</language>');
    const atom = (await request(t.app).get('/atom.xml')).text;
    expect(atom).toContain('xml:lang="en-US"');
    const jsonFeed = (await request(t.app).get('/feed.json')).body as { language: string };
    expect(jsonFeed.language).toBe('en-US');
    const sitemap = (await request(t.app).get('/sitemap.xml')).text;
    expect(sitemap).toContain('/posts/hello</loc>');

    subscribe(t.deps, {
      email: 'reader@example.com',
      wantsAccount: false,
      source: 'subscribe-form@/',
      ipHash: null,
    });
    await request(t.app).post('/api/auth/magic-link').send({ email: 'member@example.com' });
    await t.outbox.drain();
    const sent = (start: string) => t.sink.messages.find((m) => m.subject.startsWith(start));
    const [mail, signIn] = [sent('Confirm'), sent('Your sign-in link')];
    expect(mail?.subject).toBe('Confirm your subscription to Ada Palmer');
    expect(mail?.rawHeaders.from).toBe('Ada at the desk <newsletter@ada.example>');
    expect(signIn?.subject).toBe('Your sign-in link for Ada Palmer');
    expect(signIn?.rawHeaders.from).toBe('Ada at the desk <newsletter@ada.example>');
    // The mail wears the site's accent and language.
    expect(mail?.html).toContain(`background:${accentPalette('#1f5f8c').light.accent};`);
    expect(mail?.html).toContain('<html lang="en-US">');

    // So do the server's own small pages, such as a newsletter's unsubscribe link.
    const smallPage = await request(t.app).get('/api/newsletter/unsubscribe/not-a-token');
    expect(smallPage.text).toContain('<p class="brand">Ada Palmer</p>');
    expect(smallPage.text).toContain(`--accent:${accentPalette('#1f5f8c').light.accent};`);
    expect(smallPage.text).toContain('<html lang="en-US">');

    const mails = [mail, signIn].flatMap((one) => [one?.html ?? '', one?.text ?? '']);
    for (const text of [
      JSON.stringify(site),
      feed,
      atom,
      JSON.stringify(jsonFeed),
      sitemap,
      ...mails,
    ]) {
      expect(text).not.toContain('Rowan');
    }
  });

  it('keeps the last good identity when the file breaks, and says on which line', async () => {
    const t = await adaSite();
    t.folder.write('site.yml', ADA.replace('accent: "#1f5f8c"', 'accent: teal'));
    const log = capturedLog('warn');
    const report = syncContent(t.deps.db, t.folder.dir, t.clock, log.logger);
    expect(report.errors).toEqual([
      { file: 'site.yml', line: 14, message: 'accent: must be a colour written #rrggbb' },
    ]);
    // The owner reading the server's log finds the file and the line.
    expect(JSON.parse(log.text())).toMatchObject({ level: 40, file: 'site.yml', line: 14 });
    expect((await request(t.app).get('/api/site')).body.title).toBe('Ada Palmer');

    t.folder.write('site.yml', ADA.replace('title: Ada Palmer', 'title: Ada Palmer, writing'));
    expect(syncContent(t.deps.db, t.folder.dir, t.clock, t.deps.logger).updated).toContain(
      'site.yml',
    );
    expect((await request(t.app).get('/api/site')).body.title).toBe('Ada Palmer, writing');
  });

  it('is rewritten by the console, comments kept, and the next page, feed and mail follow', async () => {
    const t = await adaSite();
    const owner = await signInAs(t, 'admin');
    const read = await as(t, owner).get('/api/admin/site');
    expect(read.status).toBe(200);
    expect(read.body.site).toMatchObject({ title: 'Ada Palmer', accent: '#1f5f8c' });

    const saved = await as(t, owner).put('/api/admin/site', {
      ...read.body.site,
      title: 'Ada Palmer Writes',
      tagline: '',
      social: { github: 'https://github.com/ada' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(MESSAGES.SITE_UPDATED);
    const file = fs.readFileSync(path.join(t.folder.dir, 'site.yml'), 'utf8');
    expect(file).toContain("# Ada's site, written by hand.");
    expect(file).toContain('title: Ada Palmer Writes\n');
    expect(file).not.toContain('tagline');
    expect(file).toContain('social:\n  github: https://github.com/ada');
    expect(file.indexOf('title:')).toBeLessThan(file.indexOf('owner:'));

    const site = (await request(t.app).get('/api/site')).body;
    expect(site.title).toBe('Ada Palmer Writes');
    expect(site.socialProfiles).toEqual([
      { network: 'github', label: 'GitHub', url: 'https://github.com/ada' },
    ]);
    expect((await request(t.app).get('/rss.xml')).text).toContain(
      '<title>Ada Palmer Writes</title>',
    );
    await request(t.app).post('/api/auth/magic-link').send({ email: 'member@example.com' });
    await t.outbox.drain();
    expect(t.sink.messages.at(-1)?.subject).toBe('Your sign-in link for Ada Palmer Writes');

    const refused = await as(t, owner).put('/api/admin/site', {
      ...read.body.site,
      accent: 'teal',
    });
    expect(refused.status).toBe(400);
    expect(fs.readFileSync(path.join(t.folder.dir, 'site.yml'), 'utf8')).toBe(file);
    const member = await signInAs(t, 'member');
    expect((await as(t, member).put('/api/admin/site', read.body.site)).status).toBe(403);
  });

  it('takes the profiles the console saved before site.yml held them into the file, once', async () => {
    const t = await adaSite();
    const profiles = { x: '', github: 'https://github.com/ada', linkedin: '', instagram: '' };
    t.deps.db
      .prepare(
        "INSERT INTO site_settings (key, value, updated_at) VALUES ('socialProfiles', ?, '')",
      )
      .run(JSON.stringify(profiles));
    expect(savedSocialProfiles(t.deps.db)).toEqual(profiles);
    expect(adoptSavedProfiles(t.folder.dir, savedSocialProfiles(t.deps.db)!)).toBe(true);
    const file = fs.readFileSync(path.join(t.folder.dir, 'site.yml'), 'utf8');
    expect(file).toContain('social:\n  github: https://github.com/ada\n');
    expect(file).toContain("# Ada's site, written by hand.");
    syncContent(t.deps.db, t.folder.dir, t.clock, t.deps.logger);
    expect((await request(t.app).get('/api/site')).body.socialProfiles).toEqual([
      { network: 'github', label: 'GitHub', url: 'https://github.com/ada' },
    ]);
    // Without a file to write into, they wait for one.
    expect(adoptSavedProfiles(path.join(t.folder.dir, 'nowhere'), profiles)).toBe(false);
  });

  it("gives a browser's tab the mark as a picture, rounded, never a drawing to lay out", async () => {
    const t = await adaSite();
    const res = await request(t.app).get('/favicon-48.png').responseType('blob');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const { width, height, format } = await sharp(res.body as Buffer).metadata();
    expect({ width, height, format }).toEqual({ width: 48, height: 48, format: 'png' });
    const pixel = async (left: number, top: number) => {
      const { data } = await sharp(res.body as Buffer)
        .ensureAlpha()
        .raw()
        .extract({ left, top, width: 1, height: 1 })
        .toBuffer({ resolveWithObject: true });
      return [...data];
    };
    // A tab shows a rounded tile: the corner is clear, the edge's middle is the accent.
    expect((await pixel(0, 0))[3]).toBe(0);
    expect(await pixel(24, 1)).toEqual([0x1f, 0x5f, 0x8c, 255]);
  });

  it('draws the favicon from the title and accent, and redraws it when they change', async () => {
    const t = await adaSite();
    const svg = async (path: string) => {
      const res = await request(t.app).get(path).responseType('blob');
      return { ...res, body: (res.body as Buffer).toString('utf8') };
    };
    const icon = await svg('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(icon.body).toContain('fill="#1f5f8c"');
    expect(icon.body).toContain('>AP</text>');
    t.folder.write(
      'site.yml',
      ADA.replace('title: Ada Palmer', 'title: élan').replace('#1f5f8c', '#224466'),
    );
    syncContent(t.deps.db, t.folder.dir, t.clock, t.deps.logger);
    const redrawn = await svg('/favicon.svg');
    expect(redrawn.body).toContain('>É</text>');
    expect(redrawn.body).toContain('fill="#224466"');
    expect(redrawn.headers.etag).not.toBe(icon.headers.etag);

    // The owner's own mark, when the content has one, is the site's everywhere, inert if opened.
    const own =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#2d6a4f"/></svg>';
    t.folder.write('images/favicon.svg', own);
    const given = await svg('/favicon.svg');
    expect(given.body).toBe(own);
    expect(given.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    const png = await request(t.app).get('/icon-192.png').responseType('blob');
    const centre = await sharp(png.body as Buffer)
      .extract({ left: 96, top: 96, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...centre.subarray(0, 3)]).toEqual([0x2d, 0x6a, 0x4f]);
    expect((await sharp(png.body as Buffer).metadata()).width).toBe(192);
  });

  it('describes the site to a home screen: the manifest and its icons follow site.yml', async () => {
    const t = await adaSite();
    const res = await request(t.app).get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = JSON.parse(res.text) as {
      name: string;
      lang: string;
      icons: Array<{ src: string; sizes: string; type: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Ada Palmer', lang: 'en-US', start_url: '/' });
    expect(res.text).not.toContain('Rowan');
    for (const [src, size] of [
      ['/icon-192.png', 192],
      ['/icon-512.png', 512],
      ['/apple-touch-icon.png', 180],
    ] as const) {
      if (src !== '/apple-touch-icon.png') {
        expect(manifest.icons).toContainEqual(expect.objectContaining({ src, type: 'image/png' }));
      }
      const icon = await request(t.app).get(src).responseType('blob');
      expect(icon.headers['content-type']).toBe('image/png');
      const { width, height, format } = await sharp(icon.body as Buffer).metadata();
      expect({ width, height, format }).toEqual({ width: size, height: size, format: 'png' });
      // The accent fills the tile edge to edge: a home screen rounds it.
      const { data } = await sharp(icon.body as Buffer)
        .raw()
        .extract({ left: 0, top: 0, width: 1, height: 1 })
        .toBuffer({ resolveWithObject: true });
      expect([...data.subarray(0, 3)]).toEqual([0x1f, 0x5f, 0x8c]);
    }
  });

  it('draws a 1200 × 630 preview card for the site and for each published item', async () => {
    const t = await adaSite();
    const long =
      `“Quotes”, 'apostrophes' & <angles> 🙂 ${'and a very long title '.repeat(9)}`.trim();
    t.folder.write('posts/long.md', post(long, { date: '2025-12-03' }));
    t.folder.write('posts/draft.md', post('Draft', { date: '2025-12-03', extra: 'status: draft' }));
    syncContent(t.deps.db, t.folder.dir, t.clock, t.deps.logger);
    const png = async (url: string) => {
      const res = await request(t.app).get(url).responseType('blob');
      return { status: res.status, type: res.headers['content-type'], body: res.body as Buffer };
    };
    const cards = {
      site: await png('/og-default.png'),
      hello: await png('/og/post/hello.png'),
      long: await png('/og/post/long.png'),
    };
    for (const [name, card] of Object.entries(cards)) {
      expect(card.status, name).toBe(200);
      expect(card.type, name).toBe('image/png');
      expect(await sharp(card.body).metadata(), name).toMatchObject({ width: 1200, height: 630 });
    }
    expect(cards.hello.body.equals(cards.long.body)).toBe(false);
    fs.writeFileSync(path.join(os.tmpdir(), 'quillpost-card-long.png'), cards.long.body);
    fs.writeFileSync(path.join(os.tmpdir(), 'quillpost-card-site.png'), cards.site.body);
    for (const missing of ['/og/post/draft.png', '/og/post/nope.png', '/og/secret/hello.png']) {
      expect((await png(missing)).status, missing).toBe(404);
    }
    // Drawn once: the second answer comes from the cards folder beside the database.
    expect(fs.readdirSync(previewCardsDir(t.deps.env))).toHaveLength(3);
    await png('/og/post/hello.png');
    expect(fs.readdirSync(previewCardsDir(t.deps.env))).toHaveLength(3);
  });

  it("draws each published item's card when it is published, before a link preview asks", async () => {
    const t = await adaSite();
    // The app's own image worker draws them, as at boot.
    const painter = paintPreviewCards(
      t.deps.env,
      createContentService(t.deps),
      t.deps.logger,
      t.deps.images!.worker,
    );
    cleanups.push(() => painter.stop());
    const drawn = () => fs.readdirSync(previewCardsDir(t.deps.env)).sort();
    await painter.painted();
    expect(drawn()).toHaveLength(1); // the one post

    t.folder.write('posts/second.md', post('A second post', { date: '2025-12-03' }));
    t.folder.write(
      'posts/later.md',
      post('Not yet', { date: '2025-12-03', extra: 'status: draft' }),
    );
    syncContent(t.deps.db, t.folder.dir, t.clock, t.deps.logger);
    await painter.painted();
    const cards = drawn();
    expect(cards).toHaveLength(2); // the draft has none
    // A preview asking now gets the card drawn at publish time, and nothing is drawn again.
    expect((await request(t.app).get('/og/post/second.png')).status).toBe(200);
    expect(drawn()).toEqual(cards);

    // A new accent is on every card: each is drawn again.
    t.folder.write('site.yml', ADA.replace('#1f5f8c', '#2d6a4f'));
    syncContent(t.deps.db, t.folder.dir, t.clock, t.deps.logger);
    await painter.painted();
    expect(drawn().filter((card) => !cards.includes(card))).toHaveLength(2);
  });

  it("shows a post's picture on the right of its card, drawn upright", async () => {
    const t = await adaSite();
    // A red photo: the card's right side is red.
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#cc2200' },
    })
      .jpeg()
      .toBuffer();
    fs.mkdirSync(path.join(t.folder.dir, 'images'), { recursive: true });
    fs.writeFileSync(path.join(t.folder.dir, 'images/red.jpg'), photo);
    t.folder.write(
      'posts/red.md',
      post('A red harbour', { date: '2025-12-03', extra: 'featured_image: images/red.jpg' }),
    );
    syncContent(t.deps.db, t.folder.dir, t.clock, t.deps.logger);
    const res = await request(t.app).get('/og/post/red.png').responseType('blob');
    expect(res.status).toBe(200);
    const card = sharp(res.body as Buffer);
    const pixel = async (left: number, top: number) => [
      ...(await card
        .clone()
        .extract({ left, top, width: 1, height: 1 })
        .removeAlpha()
        .raw()
        .toBuffer()),
    ];
    expect(await pixel(1100, 300)).toEqual([204, 34, 0]);
    // The words keep to the left, on the paper.
    expect(await pixel(700, 600)).toEqual([250, 248, 244]);
    fs.writeFileSync(path.join(os.tmpdir(), 'quillpost-card-picture.png'), res.body as Buffer);
  });

  it('refuses to start with SITE_NAME, saying where the name lives now', () => {
    expect(() => loadEnv({ SITE_NAME: 'Ada Palmer' })).toThrow(/SITE_NAME: .*content\/site\.yml/);
  });
});
