/**
 * A content folder that is the owner's from the first start: site.yml with their details, a
 * welcome post, and the pages every site needs (start, welcome, terms, privacy, contact) written
 * from templates that use the site's title and owner. `pnpm content init` writes it, and so does
 * a production start on an empty content folder; the repository's sample site is never copied.
 */
import fs from 'node:fs';
import path from 'node:path';
import { siteFileSchema } from '@quillpost/domain';
import { stringify } from 'yaml';
import { SITE_FILE } from './sync.js';

export interface StarterDetails {
  title: string;
  ownerName: string;
  /** A public contact address; the contact page says to use the site's newsletter otherwise. */
  email?: string;
  tagline?: string;
  language?: string;
  timezone?: string;
  /** The site's fediverse account name; the file leaves it out (derived from the name) when unset. */
  fediverseHandle?: string;
}

/** What a production start with no content writes: words the console then replaces. */
export const PLACEHOLDER_STARTER: StarterDetails = {
  title: 'My site',
  ownerName: 'the owner of this site',
  tagline: 'Writing, notes and a newsletter',
};

/** Whether `dir` holds no content yet: missing, empty, or nothing but hidden files. */
export function isEmptyContentFolder(dir: string): boolean {
  if (!fs.existsSync(dir)) return true;
  return fs.readdirSync(dir).every((name) => name.startsWith('.'));
}

const frontMatter = (fields: Record<string, string>) =>
  `---\n${stringify(fields, { lineWidth: 0 }).trim()}\n---\n`;

function contactLine({ email }: StarterDetails): string {
  return email
    ? `by email, at [${email}](mailto:${email})`
    : 'by replying to any newsletter (it comes to me)';
}

function siteFile(details: StarterDetails, today: string): string {
  const file = {
    title: details.title,
    ...(details.tagline ? { tagline: details.tagline } : {}),
    description: `${details.title}: writing, notes and a newsletter by ${details.ownerName}.`,
    language: details.language ?? 'en',
    timezone: details.timezone ?? 'UTC',
    owner: { name: details.ownerName, ...(details.email ? { email: details.email } : {}) },
    intro: `# Hello, I’m ${details.ownerName}.\n\nThis is where I write. New posts arrive here first, and in the newsletter.\n`,
    accent: '#8c3a1f',
    ...(details.fediverseHandle ? { fediverse: { handle: details.fediverseHandle } } : {}),
  };
  // Checked as the sync will check it: a name or address the schema refuses stops here.
  siteFileSchema.parse(file);
  return [
    `# Who this site is, written by \`pnpm content init\` on ${today}. Every page, feed and email`,
    '# reads this file; edit it here or in the console (Console → Site), no restart needed.',
    '# Keys: title, tagline, description, language (en, en-GB), timezone (Europe/London),',
    '# owner (name, bio, avatar: images/you.jpg, email), intro (Markdown), accent (#rrggbb),',
    '# social (x, github, linkedin, instagram), newsletter (name, from_name) and fediverse (handle).',
    '',
    stringify(file, { lineWidth: 96 }),
  ].join('\n');
}

function pages(details: StarterDetails, today: string): Record<string, string> {
  const { title, ownerName } = details;
  return {
    'pages/start.md': `${frontMatter({ title: 'Start here', description: `Who ${ownerName} is and what ${title} is about.` })}
Hello, and welcome to ${title}. I’m ${ownerName}.

This page is the place to say who you are, what you write about and where a new reader should begin. Edit it in \`content/pages/start.md\`.
`,
    'pages/welcome.md': `${frontMatter({ title: 'Welcome', description: 'A short hello for new subscribers and members.' })}
Thank you for being here.

- **If you subscribed,** check your inbox for a confirmation email. Nothing is sent until you click its link, so no one can sign you up but you.
- **Every newsletter** has a one-click unsubscribe link at the bottom.
- **If you created an account,** you can bookmark posts and join the discussions, and export or delete your data at any time from your account page.

${ownerName}
`,
    'pages/contact.md': `${frontMatter({ title: 'Contact', description: `How to reach ${ownerName}.` })}
The best way to reach me is ${contactLine(details)}. I read everything.
`,
    'pages/tos.md': `${frontMatter({ title: 'Terms of service', description: `The terms for reading, subscribing and holding an account on ${title}.`, updated: today })}
These terms cover your use of ${title}, its newsletter and its member accounts. It is a personal site run by ${ownerName}.

## The writing

Everything here was written by ${ownerName} unless it says otherwise. You are welcome to quote short passages with a link back; please ask before republishing whole pieces.

## The newsletter

Subscribing is free. You confirm your address before anything is sent, every email has a one-click unsubscribe link, and the list is never sold, rented or shared.

## Accounts

- Keep your sign-in methods secure; you are responsible for what happens under your account.
- Be kind in what you post. No harassment, spam, illegal content or impersonation: such posts may be hidden, and accounts that post them suspended or closed.
- You keep the rights to what you write here, and may delete your account at any time from your account page, as the [privacy policy](/privacy) describes.

## Availability and liability

The site is provided as it is, by one person. To the extent the law allows, no liability is accepted for losses arising from its use. Nothing here limits rights your country's law gives you.

## Contact

Questions are welcome ${contactLine(details)}.
`,
    'pages/privacy.md': `${frontMatter({ title: 'Privacy policy', description: `What ${title} stores about you, why, for how long, and how to get it or delete it.`, updated: today })}
${title} is a personal website run by ${ownerName}. This policy describes what its software actually stores. Questions are welcome ${contactLine(details)}.

**Short version:** no analytics service, no advertising, no tracking cookies, no selling or sharing of data. Everything the site stores lives in one SQLite database on a server its owner controls, and you can export or delete your data yourself at any time.

## If you only read

Reading needs nothing from you. The server logs each request (time, page, status) to fix problems, with the secrets links carry removed. No cookie is set for readers who are not signed in, and no third-party tracker, font or advertisement is loaded.

{{ what this site counts }}

## If you subscribe to the newsletter

- **Stored:** your email address, the name you give (optional), your newsletter preferences, and when you subscribed, confirmed or unsubscribed.
- **Double opt-in:** nothing is sent until you click the link in the confirmation email.
- **Proof of consent:** for each step (subscribe, confirm, unsubscribe) the date, the form, the consent text you saw and a keyed one-way hash of your IP address (not the address itself).
- **Security check:** the subscribe and sign-in forms may use Cloudflare Turnstile to keep bots out; your browser then talks to Cloudflare when you open those forms.
- **Sending email:** mail goes through an email delivery service, which processes your address only to deliver it. The site keeps a record of each mail it sent for 30 days, and wipes the message itself once it is delivered.

## If you create an account

- **Stored:** your email, name and avatar, your role, the sign-in methods you linked, your bookmarks and comments, and your sessions (when they started and were last used, a short browser description and a hashed IP address), so you can see and end them.
- **Cookies:** after you sign in, two, removed when you sign out: the session cookie, secure and unreadable to scripts, and \`qp_signed_in\`, which holds only the number 1 so a page shows your account from the moment it appears. Once this browser knows you (you subscribed or signed in here), \`qp_known\` holds only the number 1 for the same reason, until the browser forgets you. No other cookies.
- **Browser storage:** a few small items in your browser's local storage (such as whether you subscribed), which stay on your device.

## If you follow or reply from the fediverse

${title} is also an account on the fediverse (Mastodon and the servers that talk to it), and takes Webmentions from other websites.

- **Following:** your server sends the site your account's address, name, handle and inbox; the site keeps them, with when you followed, to send you its posts. Unfollow, or delete your account (your server then sends a Delete), and they are removed at once; so they are when your server answers that the account is gone.
- **Replies:** a reply to a post (a fediverse post that answers it, or a Webmention from your site) is kept with your name, handle, profile address and the address of your avatar, its text as plain text, and a link to the original. It waits for the owner's approval before anyone sees it under the post. Readers' browsers are never sent to your server. Edit or delete the reply where you wrote it and the site follows: a Delete removes it here too, as does a Webmention whose page is gone or no longer links here.
- **Likes and boosts:** counted by your account's address, so that undoing one takes it back.
- **Blocks:** an account or server the owner blocks is kept by its address, to refuse what it sends.
- **Moving:** the owner's export of the whole site carries followers, replies and blocks, so a move to another server keeps them. Nothing is shared with anyone else.

## Where and how long

All data lives in one SQLite database. Backups are snapshots of it, taken daily and before every update that changes its layout, readable only by the site, and kept for 14 days. Sign-in links expire after 10 minutes and confirmation links after 24 hours, and both are stored only as hashes. A deleted account leaves the live database at once and the backups within 14 days.

## Your rights

You can export your data as a JSON file, correct it, or delete it, from your account page or the manage link in any newsletter, without giving a reason; or ask ${ownerName} to do it for you.
`,
    [`posts/${today}-hello.md`]: `${frontMatter({ title: `Welcome to ${title}`, date: today, category: 'write', excerpt_short: `The first post on ${title}.` })}
This is the first post. Write yours in \`content/posts/\` (or in the console), one Markdown file each, and it is published as soon as it is saved.
`,
  };
}

/**
 * Writes the starter into `dir` (created if needed). Refuses a folder that already has content,
 * so it never overwrites the owner's writing.
 */
export function writeStarter(dir: string, details: StarterDetails, today: string): string[] {
  if (!isEmptyContentFolder(dir)) {
    throw new Error(`${dir} already has content: the starter only goes into an empty folder.`);
  }
  const files = { [SITE_FILE]: siteFile(details, today), ...pages(details, today) };
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(dir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  fs.mkdirSync(path.join(dir, 'images'), { recursive: true });
  return Object.keys(files);
}
