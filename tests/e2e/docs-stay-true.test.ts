/**
 * The docs name what is there (docs/decisions/README.md): every repository path the README,
 * docs/ or a decision record names exists, and every decision record says when it was decided and
 * whether it still holds, in one format, each amendment answered by the record that made it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const DECISIONS = 'docs/decisions';

/**
 * Where a repository path starts. Not `content/`: there the docs describe the layout of any
 * owner's content folder (CONTENT_DIR), parts of which appear only once used (uploads, imports,
 * a favicon of one's own), and the repository's sample may be replaced by the owner's own writing
 * without a test failing. Not `data/` either: the server makes it on its first run.
 */
const REPO_FOLDER = String.raw`(?:apps|packages|tests|tools|docs|\.ci)/`;
const STARTS_AT_REPO_FOLDER = new RegExp(`^${REPO_FOLDER}`);
/** A path in prose, outside code: a repository folder at the start of a word. */
const PROSE_PATH = new RegExp(String.raw`(?<![\w/.~@:-])${REPO_FOLDER}[^\s\`'"),;\]]*`, 'g');
/** What only the top of the repository holds, named bare. */
const TOP_LEVEL_NAME =
  /^(?:LICENSE|[A-Z][A-Z0-9_-]*\.md|Dockerfile|docker-compose[\w.-]*\.ya?ml|package\.json|pnpm-[\w-]+\.yaml|turbo\.json|tsconfig\.base\.json|eslint\.config\.[cm]?js|\.(?:node-version|nvmrc|\w+ignore|prettierrc[\w.]*))$/;
/** A part of a path that stands for many: `<module>`, `*.md`, `{slug}`, `…`. */
const PLACEHOLDER = /[<*{…]/;

interface NamedPath {
  doc: string;
  line: number;
  /** As the doc writes it. */
  named: string;
  /** From the repository's root. */
  resolved: string;
}

/** The README (and any other top-level Markdown file) and every Markdown file under docs/. */
function docs(): string[] {
  const top = fs.readdirSync(repo).filter((name) => name.endsWith('.md'));
  const underDocs = fs
    .readdirSync(path.join(repo, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return [...top, ...underDocs].sort();
}

/** `apps/api/dist/cli/data.js` is built from `apps/api/src/cli/data.ts`: that must exist. */
function sourceOf(named: string): string[] {
  const parts = named.replace(/\/$/, '').split('/');
  const dist = parts.indexOf('dist');
  if (dist < 0) return [named];
  const rest = parts.slice(dist + 1).join('/');
  const packageRoot = parts.slice(0, dist).join('/');
  if (!rest) return [packageRoot];
  const stem = `${packageRoot}/src/${rest.replace(/\.[cm]?js$/, '')}`;
  return ['.ts', '.tsx', '.js', '.mjs'].map((extension) => stem + extension);
}

function exists(resolved: string): boolean {
  const record = /^docs\/decisions\/(\d{4})$/.exec(resolved);
  if (record) return decisionFiles().some((file) => file.startsWith(`${record[1]}-`));
  const parts = resolved.split('/');
  const placeholder = parts.findIndex((part) => PLACEHOLDER.test(part));
  const upToPlaceholder = parts.slice(0, placeholder < 0 ? undefined : placeholder).join('/');
  return sourceOf(upToPlaceholder).some((candidate) => fs.existsSync(path.join(repo, candidate)));
}

function namedPaths(doc: string): NamedPath[] {
  const folder = path.posix.dirname(doc);
  const found: NamedPath[] = [];
  const add = (line: number, named: string, from = '') => {
    const trimmed = named.replace(/[.,:;]+$/, '');
    const resolved = path.posix.normalize(path.posix.join(from, trimmed));
    found.push({ doc, line, named: trimmed, resolved });
  };
  let fenced = false;
  fs.readFileSync(path.join(repo, doc), 'utf8')
    .split('\n')
    .forEach((text, index) => {
      const line = index + 1;
      if (/^\s*```/.test(text)) {
        fenced = !fenced;
        return;
      }
      if (fenced) {
        // A command's paths are the repository's unless it moved into a folder of it first.
        let cwd = '';
        const words = text.split(/\s+/);
        words.forEach((word, at) => {
          if (words[at - 1] === 'cd') cwd = /^[/~]/.test(word) ? '' : word;
          else if (STARTS_AT_REPO_FOLDER.test(word)) add(line, word, cwd);
        });
        return;
      }
      for (const [, span] of text.matchAll(/`([^`]+)`/g)) {
        const named = span!.trim();
        if (STARTS_AT_REPO_FOLDER.test(named) || TOP_LEVEL_NAME.test(named)) add(line, named);
        else if (/^\.\.?\//.test(named)) add(line, named, folder);
      }
      const prose = text.replace(/`[^`]+`/g, '');
      for (const [, link] of prose.matchAll(/\]\(([^)\s#]*)[^)]*\)/g)) {
        if (link && !/^[a-z]+:/.test(link) && !link.startsWith('/')) add(line, link, folder);
      }
      for (const [named] of prose.replace(/\]\([^)]*\)/g, ']').matchAll(PROSE_PATH)) {
        add(line, named);
      }
    });
  return found;
}

function decisionFiles(): string[] {
  return fs.readdirSync(path.join(repo, DECISIONS)).filter((name) => /^\d{4}-.+\.md$/.test(name));
}

interface Header {
  file: string;
  number: string;
  date: string;
  amendedBy: string[];
  supersededBy: string | undefined;
  amends: string[];
  supersedes: string[];
}

const NUMBER = String.raw`\d{4}`;
const STATUS = new RegExp(
  `^Status: (?:Accepted|Amended by (?<amendedBy>${NUMBER}(?:, ${NUMBER})*)|Superseded by (?<supersededBy>${NUMBER}))$`,
);
/** `Amends: 0013 (what of it changed)`, likewise `Supersedes:`, one line per earlier record. */
const CHANGES = new RegExp(`^(Amends|Supersedes): (${NUMBER}) \\(.+\\)$`);

/** The lines under a record's title, or what is wrong with them. */
function headerOf(file: string): Header | string {
  const number = file.slice(0, 4);
  const lines = fs.readFileSync(path.join(repo, DECISIONS, file), 'utf8').split('\n');
  if (!new RegExp(`^# ${number}(:| —) \\S`).test(lines[0]!)) {
    return `${file}: the first line is "# ${number}: <title>"`;
  }
  if (lines[1] !== '') return `${file}: a blank line follows the title`;
  if (!/^Date: \d{4}-\d{2}-\d{2}(?: \(.+\))?$/.test(lines[2] ?? '')) {
    return `${file}: line 3 is "Date: YYYY-MM-DD", the day it was decided (an issue may follow in brackets)`;
  }
  const status = STATUS.exec(lines[3] ?? '');
  if (!status) {
    return `${file}: line 4 is "Status: Accepted", "Status: Amended by NNNN[, NNNN]" or "Status: Superseded by NNNN"`;
  }
  const header: Header = {
    file,
    number,
    date: lines[2]!.slice('Date: '.length, 'Date: '.length + 10),
    amendedBy: status.groups!.amendedBy?.split(', ') ?? [],
    supersededBy: status.groups!.supersededBy,
    amends: [],
    supersedes: [],
  };
  for (let at = 4; lines[at] !== ''; at += 1) {
    const changes = CHANGES.exec(lines[at] ?? '');
    if (!changes) {
      return `${file}: under Status, only "Amends: NNNN (what)" or "Supersedes: NNNN (what)" lines, then a blank line`;
    }
    header[changes[1] === 'Amends' ? 'amends' : 'supersedes'].push(changes[2]!);
  }
  return header;
}

describe('the docs', () => {
  it('name only repository paths that exist', () => {
    const named = docs().flatMap(namedPaths);
    expect(named.length).toBeGreaterThan(60);
    const missing = named
      .filter((entry) => !exists(entry.resolved))
      .map((entry) => `${entry.doc}:${entry.line} names ${entry.named}`);
    expect(missing).toEqual([]);
  });

  it('give every API module its words in docs/CONTEXT.md, and no module that is gone', () => {
    const modules = fs
      .readdirSync(path.join(repo, 'apps/api/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const glossary = fs.readFileSync(path.join(repo, 'docs/CONTEXT.md'), 'utf8');
    const entries = [...glossary.split(/^## Modules$/m)[1]!.matchAll(/^### (\S+)$/gm)]
      .map((match) => match[1]!)
      .sort();
    expect(entries).toEqual(modules);
  });

  it('date every decision record and say whether it still holds, in one format', () => {
    const headers = decisionFiles().map(headerOf);
    expect(headers.length).toBeGreaterThan(20);
    expect(headers.filter((header) => typeof header === 'string')).toEqual([]);
    const numbers = headers.map((header) => (header as Header).number);
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([]);
  });

  it('answer every amendment and supersession from both records', () => {
    const headers = new Map(
      decisionFiles()
        .map(headerOf)
        .filter((header): header is Header => typeof header !== 'string')
        .map((header) => [header.number, header]),
    );
    const unanswered: string[] = [];
    for (const record of headers.values()) {
      for (const later of record.amendedBy) {
        const amending = headers.get(later);
        if (!amending?.amends.includes(record.number)) {
          unanswered.push(
            `${record.file} is amended by ${later}, whose "Amends:" does not name it`,
          );
        } else if (amending.date < record.date) {
          unanswered.push(`${record.file} is amended by ${later}, decided before it`);
        }
      }
      if (
        record.supersededBy &&
        !headers.get(record.supersededBy)?.supersedes.includes(record.number)
      ) {
        unanswered.push(
          `${record.file} is superseded by ${record.supersededBy}, whose "Supersedes:" does not name it`,
        );
      }
      for (const earlier of record.amends) {
        const amended = headers.get(earlier);
        if (!amended?.amendedBy.includes(record.number) && amended?.supersededBy === undefined) {
          unanswered.push(`${record.file} amends ${earlier}, whose Status does not say so`);
        }
      }
      for (const earlier of record.supersedes) {
        if (headers.get(earlier)?.supersededBy !== record.number) {
          unanswered.push(`${record.file} supersedes ${earlier}, whose Status does not say so`);
        }
      }
    }
    expect(unanswered).toEqual([]);
  });
});

describe("the README's social web", () => {
  it('sends every address other fediverse servers use through the front it shows', () => {
    const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
    const section = readme.split(/^## The social web$/m)[1]!.split(/^## /m)[0]!;
    const location = /^location ~ (\S+) \{$/m.exec(section)?.[1];
    expect(location).toBeDefined();
    const front = new RegExp(location!);
    const addresses = [
      '/.well-known/webfinger',
      '/.well-known/nodeinfo',
      '/nodeinfo/2.1',
      '/ap/users/site',
      '/ap/users/site/inbox',
      '/ap/users/site/outbox',
      '/ap/users/site/followers',
      '/ap/inbox',
      '/posts/a-post',
    ];
    expect(addresses.filter((address) => !front.test(address))).toEqual([]);
    expect(front.test('/members')).toBe(false);
  });
});
