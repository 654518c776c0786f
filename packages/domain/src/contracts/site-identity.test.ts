import { describe, expect, it } from 'vitest';
import { DEFAULT_HUB_COPY, DEFAULT_SUBSCRIBE_COPY } from '../site-copy.js';
import { siteFileSchema, siteIdentityOf, UNNAMED_SITE } from './site-identity.js';

const minimal = { title: 'Ada Palmer', owner: { name: 'Ada Palmer' } };
const messageOf = (file: unknown) => {
  const result = siteFileSchema.safeParse(file);
  return result.success
    ? 'OK'
    : `${result.error.issues[0]!.path.join('.')}: ${result.error.issues[0]!.message}`;
};

describe('content/site.yml', () => {
  it('needs a title and an owner, and fills in the rest', () => {
    expect(siteIdentityOf(siteFileSchema.parse(minimal))).toEqual({
      title: 'Ada Palmer',
      tagline: '',
      description: 'Ada Palmer',
      language: 'en',
      timezone: 'UTC',
      owner: { name: 'Ada Palmer', bio: '', avatar: null, email: null },
      intro: '',
      accent: '#8c3a1f',
      social: {},
      newsletter: { name: 'Ada Palmer', fromName: 'Ada Palmer' },
      fediverse: { handle: 'adapalmer' },
      hubs: DEFAULT_HUB_COPY,
      subscribe: DEFAULT_SUBSCRIBE_COPY,
    });
    expect(messageOf({ owner: { name: 'Ada' } })).toBe(
      'title: Invalid input: expected string, received undefined',
    );
    expect(messageOf({ title: 'Ada' })).toMatch(/^owner: /);
  });

  it.each([
    ['a language tag', { language: 'pt-br' }, 'OK'],
    [
      'no language',
      { language: 'english please' },
      'language: must be a language tag such as en, en-GB or pt-BR',
    ],
    ['a time zone', { timezone: 'Europe/Lisbon' }, 'OK'],
    [
      'no time zone',
      { timezone: 'Mars/Olympus' },
      'timezone: must be a time zone such as Europe/London or America/New_York',
    ],
    ['an accent', { accent: '#1F5F8C' }, 'OK'],
    ['a named colour', { accent: 'teal' }, 'accent: must be a colour written #rrggbb'],
    ['an https profile', { social: { github: 'https://github.com/ada' } }, 'OK'],
    [
      'an http profile',
      { social: { x: 'http://x.com/ada' } },
      'social.x: must be an https address',
    ],
    ['a script', { social: { x: 'javascript:alert(1)' } }, 'social.x: must be an https address'],
    ['a handle', { social: { x: '@ada' } }, 'social.x: must be an https address'],
    // Characters no address holds unescaped, which would end an HTML attribute or open a tag.
    [
      'a quote in the path',
      { social: { github: 'https://github.com/ada"onmouseover="alert(1)' } },
      'social.github: must be an https address',
    ],
    [
      'a tag in the path',
      { social: { github: 'https://github.com/ada/<script>' } },
      'social.github: must be an https address',
    ],
    [
      'an angle bracket in the host',
      { social: { mastodon: 'https://mastodon.social>/@ada' } },
      'social.mastodon: must be an https address',
    ],
    [
      'a quote in the host',
      { social: { bluesky: 'https://bsky.app"/profile/ada' } },
      'social.bluesky: must be an https address',
    ],
    [
      'a query and a fragment',
      { social: { linkedin: 'https://www.linkedin.com/in/ada-p/?lang=en#about' } },
      'OK',
    ],
    [
      'an unknown network',
      { social: { myspace: 'https://myspace.com/ada' } },
      'social: Unrecognized key: "myspace"',
    ],
    [
      'an avatar outside images/',
      { owner: { name: 'Ada', avatar: '../secrets.txt' } },
      'owner.avatar: must be a file in content/images/, as images/me.jpg',
    ],
    ['a fediverse handle', { fediverse: { handle: 'Ada_P4lmer' } }, 'OK'],
    [
      'a handle with a dot',
      { fediverse: { handle: 'ada.palmer' } },
      'fediverse.handle: must be letters, digits or _, 30 at most',
    ],
    [
      'a handle with its server',
      { fediverse: { handle: '@ada@example.com' } },
      'fediverse.handle: must be letters, digits or _, 30 at most',
    ],
    ['a misspelt key', { titel: 'Ada' }, ': Unrecognized key: "titel"'],
  ])('%s', (_, change, expected) => {
    expect(messageOf({ ...minimal, ...change })).toBe(expected);
  });

  it("takes the site's own words for hubs and invitations, part by part", () => {
    const identity = siteIdentityOf(
      siteFileSchema.parse({
        ...minimal,
        hubs: { build: { summary: 'Tools I make.' } },
        subscribe: { title: 'Letters', after_post: { text: 'More by email.' } },
      }),
    );
    expect(identity.hubs.build).toEqual({ ...DEFAULT_HUB_COPY.build, summary: 'Tools I make.' });
    expect(identity.hubs.learn).toEqual(DEFAULT_HUB_COPY.learn);
    expect(identity.subscribe).toEqual({
      ...DEFAULT_SUBSCRIBE_COPY,
      title: 'Letters',
      afterPostText: 'More by email.',
    });
    expect(messageOf({ ...minimal, hubs: { blog: {} } })).toBe('hubs: Unrecognized key: "blog"');
  });

  it("derives the fediverse handle from the owner's name until the owner picks one", () => {
    const handleOf = (file: object) =>
      siteIdentityOf(siteFileSchema.parse({ ...minimal, ...file })).fediverse.handle;
    expect(handleOf({ owner: { name: 'Zoë Ó Briain-Smith' } })).toBe('zoeobriainsmith');
    expect(handleOf({ owner: { name: '李白' } })).toBe('site');
    expect(handleOf({ owner: { name: 'A'.repeat(40) } })).toBe('a'.repeat(30));
    expect(handleOf({ fediverse: { handle: 'ada' } })).toBe('ada');
    expect(handleOf({ fediverse: {} })).toBe('adapalmer');
  });

  it('canonicalises the language and lower-cases the accent', () => {
    const identity = siteIdentityOf(
      siteFileSchema.parse({ ...minimal, language: 'pt-br', accent: '#1F5F8C' }),
    );
    expect(identity.language).toBe('pt-BR');
    expect(identity.accent).toBe('#1f5f8c');
  });

  it('names no one until the owner does', () => {
    expect(UNNAMED_SITE.title).toBe('My site');
    expect(UNNAMED_SITE.owner.name).toBe('The owner');
  });
});
