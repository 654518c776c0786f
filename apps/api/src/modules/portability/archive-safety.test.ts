import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import request from 'supertest';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { capturedLog } from '../../test-support/captured-log.js';
import { as, signInAs, type TestApp } from '../../test-support/community.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { readRows } from '../../test-support/database-file.js';
import { exportOfBytes, readExport, runImport } from './index.js';
import { importStagingRoot, sweepImportLeftovers, temporaryBeside } from './staging.js';

const apiDir = path.resolve(import.meta.dirname, '../../..');
const track = cleanupAfterEach();

function temporaryFolder(prefix: string, parent = os.tmpdir()): string {
  const dir = fs.mkdtempSync(path.join(parent, prefix));
  track(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function zipOf(entries: ReadonlyArray<readonly [string, Buffer | string]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(Buffer.from(bytes), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const AT = '2024-01-01T00:00:00.000Z';
const member = (email: string, role: string, providers = ['email']) => ({
  email,
  emailVerified: true,
  name: email.split('@')[0],
  role,
  avatarUrl: null,
  createdAt: AT,
  signInMethods: providers.map((provider, i) => ({
    provider,
    providerAccountId: `${provider}-${email}`,
    email,
    emailVerified: true,
    displayName: null,
    primary: i === 0,
    linkedAt: AT,
  })),
});

/** The files of an archive the site's export would write around `content`. */
const archiveAround = (
  content: ReadonlyArray<readonly [string, Buffer | string]>,
  members: unknown[] = [],
): Array<readonly [string, Buffer | string]> => [
  ['README.md', '# Everything from a site\n'],
  [
    'subscribers.csv',
    'email,name,state,subscribed_at,confirmed_at,ended_at,bounce_reason,note,sections,start_path\r\n' +
      `sub@example.com,,active,${AT},${AT},,,,,\r\n`,
  ],
  ['members.json', JSON.stringify(members)],
  ...content.map(([name, bytes]) => [`content/${name}`, bytes] as const),
];

const POST = `---\ntitle: Hello\ndate: 2024-01-01\ncategory: write\n---\n\nHello.\n`;
/** What the site itself keeps in its content folder. */
const LEGITIMATE = [
  ['posts/2024-01-01-hello.md', POST],
  ['images/posts/hello.png', randomBytes(64)],
  ['site.yml', 'title: Field Notes\n'],
] as const;
/** What a crafted archive slips in beside it, and why each is refused. */
const HOSTILE = [
  ['.git/config', '[core]\n\tfsmonitor = "touch /tmp/quillpost-pwned"\n', /hidden or private/],
  ['.import-123/posts/2024-01-02-x.md', POST, /hidden or private/],
  ['\u2025/posts/2024-01-02-x.md', POST, /look-alike/],
  ['posts/\uFF0E\uFF0E/2024-01-02-x.md', POST, /look-alike/],
  ['posts/2024\u202E-x.md', POST, /look-alike/],
  ['images/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', /site's icon/],
  ['_drafts/2024-01-02-x.md', POST, /hidden or private/],
  ['scripts/run.sh', '#!/bin/sh\n', /Not a file the site keeps/],
  ['posts/run.sh', '#!/bin/sh\n', /Not a file the site keeps/],
] as const;

/** Every file and folder under `dir`, dot-named ones too, as '/'-separated paths. */
const everythingIn = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        )
        .sort()
    : [];

function site(options: { contentParent?: string } = {}) {
  const log = capturedLog();
  const content = path.join(temporaryFolder('quillpost-content-', options.contentParent), 'c');
  const t = createTestApp({ env: { CONTENT_DIR: content }, deps: { logger: log.logger } });
  track(t.cleanup);
  return { t, content, log };
}

const upload = (t: TestApp, owner: { cookie?: string }, query: string, bytes: Buffer) =>
  request(t.app)
    .post(`/api/admin/import?source=archive&name=everything.zip&${query}`)
    .set('Cookie', owner.cookie ?? '')
    .set('Content-Type', 'application/octet-stream')
    .send(bytes);

const rolesOf = (t: TestApp) =>
  t.deps.db
    .prepare('SELECT email, role FROM users WHERE email LIKE ? ORDER BY email')
    .all('%.test');

describe("an archive's paths", () => {
  it('writes only the layout the site keeps: the dry run names every path, and every refusal with its reason', async () => {
    const { t, content } = site();
    const owner = await signInAs(t, 'admin');
    const zip = await zipOf(
      archiveAround([...LEGITIMATE, ...HOSTILE.map(([name, bytes]) => [name, bytes] as const)]),
    );

    const dry = await upload(t, owner, 'dryRun=true', zip);
    expect(dry.status).toBe(200);
    expect(dry.body.report.paths).toEqual([
      'images/posts/hello.png',
      'posts/2024-01-01-hello.md',
      'site.yml',
    ]);
    expect(dry.body.report.created.files).toBe(3);
    for (const [name, , reason] of HOSTILE) {
      expect(dry.body.report.refused).toContainEqual({
        where: `content/${name}`,
        message: expect.stringMatching(reason),
      });
    }
    expect(everythingIn(content)).toEqual([]);

    const done = await upload(t, owner, '', zip);
    expect(done.status).toBe(200);
    expect(done.body.report.paths).toEqual(dry.body.report.paths);
    // Nothing else, not even a folder of the import's own.
    expect(everythingIn(content)).toEqual(dry.body.report.paths);
    expect(fs.readdirSync(content).sort()).toEqual(['images', 'posts', 'site.yml']);
    expect(fs.readFileSync(path.join(content, 'images/posts/hello.png'))).toEqual(
      Buffer.from(LEGITIMATE[1][1]),
    );
    expect(everythingIn(importStagingRoot(t.deps.env))).toEqual([]);

    // The site's icon stays the drawn one.
    const icon = await request(t.app).get('/favicon.svg');
    expect(icon.text).not.toBe(HOSTILE[5][1]);
  });
});

describe("an archive's people", () => {
  const people = [
    member('ada@example.test', 'admin', ['email', 'github']),
    member('bo@example.test', 'moderator'),
    member('cy@example.test', 'member'),
    member('di@example.test', 'subscriber'),
  ];

  it('come in as members unless the owner confirms a higher role by address', async () => {
    const { t, log } = site();
    const owner = await signInAs(t, 'admin');
    const zip = await zipOf(archiveAround(LEGITIMATE, people));

    const dry = await upload(t, owner, 'dryRun=true', zip);
    expect(dry.body.report.roles).toEqual([
      { member: 'ada@example.test', role: 'member', signIn: ['email', 'github'] },
      { member: 'bo@example.test', role: 'member', signIn: ['email'] },
      { member: 'cy@example.test', role: 'member', signIn: ['email'] },
      { member: 'di@example.test', role: 'subscriber', signIn: ['email'] },
    ]);
    expect(dry.body.report.refused).toEqual([
      {
        where: 'member ada@example.test',
        message:
          'The archive makes them admin, which was not confirmed for this address: restored as a member.',
      },
      {
        where: 'member bo@example.test',
        message:
          'The archive makes them moderator, which was not confirmed for this address: restored as a member.',
      },
    ]);

    // Confirmed: ada as admin; bo's confirmation names a role the archive does not give them,
    // and zed is not in the archive at all.
    const grants =
      'grantRoles=admin:Ada@Example.test,admin:bo@example.test,moderator:zed@example.test';
    const done = await upload(t, owner, grants, zip);
    expect(done.status).toBe(200);
    expect(done.body.report.roles.map(({ role }: { role: string }) => role)).toEqual([
      'admin',
      'member',
      'member',
      'subscriber',
    ]);
    expect(done.body.report.refused).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ where: 'member bo@example.test' }),
        {
          where: 'admin:bo@example.test',
          message: 'No member of the archive has this address and the role admin: nothing given.',
        },
        {
          where: 'moderator:zed@example.test',
          message:
            'No member of the archive has this address and the role moderator: nothing given.',
        },
      ]),
    );
    expect(rolesOf(t)).toEqual([
      { email: 'ada@example.test', role: 'admin' },
      { email: 'bo@example.test', role: 'member' },
      { email: 'cy@example.test', role: 'member' },
      { email: 'di@example.test', role: 'subscriber' },
    ]);
    // What each can do once signed in by magic link.
    const bo = await signInAs(t, 'member', { email: 'bo@example.test' });
    expect((await as(t, bo).get('/api/admin/users')).status).toBe(403);
    const ada = await signInAs(t, 'member', { email: 'ada@example.test' });
    expect((await as(t, ada).get('/api/admin/users')).status).toBe(200);
    expect(
      t.deps.db
        .prepare("SELECT summary FROM moderation_log WHERE action = 'site.import'")
        .pluck()
        .get(),
    ).toMatch(/as confirmed: ada@example\.test admin$/);
    expect(log.text()).toMatch(/"msg":"import started"[\s\S]*"msg":"import finished"/);

    const wrong = await upload(t, owner, 'grantRoles=owner:ada@example.test', zip);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'IMPORT_INVALID',
      message: expect.stringMatching(/^"owner:ada@example\.test" is not a role to confirm/),
    });
  });

  it(
    'pnpm data import: --grant-role confirms a role, and the dry run prints every path and role',
    { timeout: 120_000 },
    async () => {
      const dir = temporaryFolder('quillpost-cli-');
      const archive = path.join(dir, 'everything.zip');
      const [gitConfig, fsmonitor] = HOSTILE[0];
      fs.writeFileSync(
        archive,
        await zipOf(archiveAround([...LEGITIMATE, [gitConfig, fsmonitor]], people)),
      );
      const env = { DATABASE_PATH: path.join(dir, 'site.db'), CONTENT_DIR: path.join(dir, 'c') };
      const args = ['import', 'archive', archive, '--grant-role', 'admin:ada@example.test'];

      const dry = dataCli(env, [...args, '--dry-run']);
      expect(dry.stderr).toBe('');
      expect(dry.stdout).toContain(
        'Would write (3):\n  images/posts/hello.png\n  posts/2024-01-01-hello.md\n  site.yml\n',
      );
      expect(dry.stdout).toContain('  ada@example.test: admin (signs in by email, github)\n');
      expect(dry.stdout).toContain('  bo@example.test: member (signs in by email)\n');
      expect(dry.stdout).toMatch(/ {2}content\/\.git\/config: A hidden or private name/);
      expect(fs.existsSync(env.CONTENT_DIR)).toBe(false);

      expect(dataCli(env, args).status).toBe(0);
      expect(everythingIn(env.CONTENT_DIR)).toEqual([
        'images/posts/hello.png',
        'posts/2024-01-01-hello.md',
        'site.yml',
      ]);
      expect(readRows(env.DATABASE_PATH, 'SELECT email, role FROM users ORDER BY email')).toEqual([
        { email: 'ada@example.test', role: 'admin' },
        { email: 'bo@example.test', role: 'member' },
        { email: 'cy@example.test', role: 'member' },
        { email: 'di@example.test', role: 'subscriber' },
      ]);

      const wrong = dataCli(env, [
        'import',
        'archive',
        archive,
        '--grant-role',
        'ada@example.test',
      ]);
      expect(wrong.status).toBe(1);
      expect(wrong.stderr).toMatch(/^"ada@example\.test" is not a role to confirm/);
    },
  );
});

/**
 * The arguments that run `pnpm data …` in its own process, configured by an environment file as
 * a deployment is.
 */
function dataCommand(settings: Record<string, string>, args: string[]): string[] {
  const envFile = path.join(temporaryFolder('quillpost-env-'), '.env');
  fs.writeFileSync(
    envFile,
    Object.entries({ LOG_LEVEL: 'info', ...settings })
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
  );
  return [`--env-file=${envFile}`, '--import', 'tsx', 'src/cli/data.ts', ...args];
}

const dataCli = (settings: Record<string, string>, args: string[]) =>
  spawnSync(process.execPath, dataCommand(settings, args), { cwd: apiDir, encoding: 'utf8' });

describe('a zip that expands far', () => {
  it(
    'is unpacked to disk, not into memory, and leaves nothing behind once closed or refused',
    { timeout: 120_000 },
    async () => {
      // Entries of a megabyte each, under the per-entry ratio: 12 kB of noise, then zeros.
      const entries = Array.from({ length: 32 }, (_, i) => {
        const bytes = Buffer.alloc(1024 * 1024);
        randomBytes(12 * 1024).copy(bytes);
        return [`content/images/p-${i}.png`, bytes] as const;
      });
      const zip = await zipOf(entries);
      expect(zip.length).toBeLessThan(2 * 1024 * 1024);
      const staging = temporaryFolder('quillpost-staging-');

      // What is counted is what is held: the collector runs, and a buffer's memory is given
      // back after it, not during.
      v8.setFlagsFromString('--expose-gc');
      const gc = vm.runInNewContext('gc') as () => void;
      const collect = async () => {
        for (let i = 0; i < 3; i += 1) {
          gc();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      await collect();
      const before = process.memoryUsage().arrayBuffers;
      const files = await exportOfBytes('everything.zip', zip, staging);
      await collect();
      const held = process.memoryUsage().arrayBuffers - before;
      expect(held).toBeLessThan(8 * 1024 * 1024);

      expect(files.names).toHaveLength(32);
      // One top folder reads as that folder.
      expect(files.read('images/p-7.png')).toEqual(entries[7]![1]);
      const onDisk = everythingIn(staging).map(
        (file) => fs.statSync(path.join(staging, file)).size,
      );
      expect(onDisk.reduce((sum, size) => sum + size, 0)).toBe(32 * 1024 * 1024);
      files.close();
      expect(fs.readdirSync(staging)).toEqual([]);

      // Refused half-way (its second entry longer than its directory says): the first, already
      // unpacked, is gone too.
      const zipped = await zipOf([
        ['a.csv', 'a'.repeat(100)],
        ['b.csv', 'b'.repeat(5000)],
      ]);
      const second = zipped.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      zipped.writeUInt32LE(10, second + 24);
      await expect(exportOfBytes('broken.zip', zipped, staging)).rejects.toThrow(
        /^The zip entry b\.csv cannot be read/,
      );
      expect(fs.readdirSync(staging)).toEqual([]);
    },
  );
});

describe('an import killed half-way', () => {
  it(
    'said it started, left nothing in the content folder, and is finished exactly by running it again',
    { timeout: 120_000 },
    async () => {
      const dir = temporaryFolder('quillpost-kill-');
      const archive = path.join(dir, 'everything.zip');
      const posts = Array.from(
        { length: 600 },
        (_, i) => [`posts/2024-01-01-post-${i}.md`, POST.replace('Hello', `Post ${i}`)] as const,
      );
      fs.writeFileSync(
        archive,
        await zipOf(archiveAround(posts, [member('ada@example.test', 'member')])),
      );
      const env = {
        DATABASE_PATH: path.join(dir, 'data', 'site.db'),
        CONTENT_DIR: path.join(dir, 'c'),
      };

      // Killed as soon as it says it started: before, during or after its moves.
      const child = spawn(process.execPath, dataCommand(env, ['import', 'archive', archive]), {
        cwd: apiDir,
      });
      track(() => child.kill('SIGKILL'));
      let output = '';
      const started = new Promise<boolean>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('"msg":"import started"')) {
            child.kill('SIGKILL');
            resolve(true);
          }
        });
        child.on('exit', () => resolve(false));
      });
      expect(await started).toBe(true);
      await new Promise((resolve) =>
        child.exitCode === null ? child.on('exit', resolve) : resolve(0),
      );
      expect(child.signalCode).toBe('SIGKILL');
      // Whatever was moved in is whole; nothing of the import's own is in the content folder.
      const moved = everythingIn(env.CONTENT_DIR);
      expect(moved.every((file) => /^posts\/2024-01-01-post-\d+\.md$/.test(file))).toBe(true);
      for (const file of moved) {
        expect(fs.readFileSync(path.join(env.CONTENT_DIR, file), 'utf8')).toMatch(
          /^---\ntitle: Post/,
        );
      }

      const again = dataCli(env, ['import', 'archive', archive]);
      expect(again.status).toBe(0);
      expect(everythingIn(env.CONTENT_DIR)).toEqual(posts.map(([name]) => name).sort());
      for (const [name, text] of posts.slice(0, 50)) {
        expect(fs.readFileSync(path.join(env.CONTENT_DIR, name), 'utf8')).toBe(text);
      }
      expect(
        readRows(
          env.DATABASE_PATH,
          'SELECT (SELECT COUNT(*) FROM users) AS members, (SELECT COUNT(*) FROM subscriptions) AS subscribers',
        ),
      ).toEqual([{ members: 1, subscribers: 1 }]);
      // The killed run's staging was swept by the next start; the rerun's own removed at its end.
      expect(everythingIn(path.join(dir, 'data', 'import-staging'))).toEqual([]);
    },
  );
});

describe('what a killed import left', () => {
  it('is swept at start: its staging beside the database and its half-copied file beside a target', async () => {
    const dir = temporaryFolder('quillpost-sweep-');
    const root = path.join(dir, 'import-staging');
    const content = path.join(dir, 'content');
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    const dead = path.join(root, `${gone}-abc123`);
    fs.mkdirSync(path.join(dead, 'files', 'posts'), { recursive: true });
    fs.writeFileSync(path.join(dead, 'files', 'posts', 'a.md'), POST);
    fs.mkdirSync(path.join(content, 'posts'), { recursive: true });
    const halfCopied = temporaryBeside(path.join(content, 'posts', 'a.md'), dead);
    fs.writeFileSync(halfCopied, POST.slice(0, 10));
    fs.writeFileSync(path.join(content, 'posts', 'b.md'), POST);
    // An import still running (the parent process stands for it) is left alone.
    const running = path.join(root, `${process.ppid}-def456`);
    fs.mkdirSync(running);

    expect(sweepImportLeftovers(root, content)).toBe(1);
    expect(fs.readdirSync(root)).toEqual([path.basename(running)]);
    expect(everythingIn(content)).toEqual(['posts/b.md']);
  });

  it('crosses disks: files staged beside the database reach a content folder on another disk whole', async () => {
    const shm = '/dev/shm';
    if (!fs.existsSync(shm) || fs.statSync(shm).dev === fs.statSync(os.tmpdir()).dev) return;
    const { t, content } = site({ contentParent: shm });
    const files = await exportOfBytes('everything.zip', await zipOf(archiveAround(LEGITIMATE)));
    track(() => files.close());
    const report = await runImport(
      {
        db: t.deps.db,
        contentDir: content,
        reportsDir: path.join(path.dirname(t.deps.env.DATABASE_PATH), 'imports'),
        stagingDir: importStagingRoot(t.deps.env),
        now: AT,
      },
      'archive',
      readExport('archive', files),
      files,
      { dryRun: false, overwrite: false, category: 'write', fetchImages: false },
    );
    expect(report.created.files).toBe(3);
    expect(everythingIn(content)).toEqual(LEGITIMATE.map(([name]) => name).sort());
    expect(fs.readFileSync(path.join(content, 'site.yml'), 'utf8')).toBe('title: Field Notes\n');
    expect(everythingIn(importStagingRoot(t.deps.env))).toEqual([]);
  });
});
