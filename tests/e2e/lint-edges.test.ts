/**
 * The edges drawn between parts of the code, each proven by a file that crosses it: API modules
 * meet at their index.ts from any depth, and web features meet at theirs; shared web code imports
 * no feature (eslint.config.js); no feature imports one that imports it back (tools/
 * feature-cycles.mjs, part of `pnpm cycles`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
// @ts-expect-error: a plain script of the repository's tools, without types.
import { featureCycles, featureGraph } from '../../tools/feature-cycles.mjs';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The rules a file at `file` (relative to the repository) with `source` breaks. */
async function broken(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('API modules', () => {
  it('meet at their index.js, also from a folder inside a module', async () => {
    expect(
      await broken(
        'apps/api/src/modules/newsletter/store/lists.ts',
        "import { subscriberRows } from '../../subscriptions/store.js';\nexport const rows = subscriberRows;\n",
      ),
    ).toEqual(['api-modules/through-index']);
    expect(
      await broken(
        'apps/api/src/modules/newsletter/store/lists.ts',
        "import { subscriberRows } from '../../subscriptions/store/rows.js';\nexport const rows = subscriberRows;\n",
      ),
    ).toEqual(['api-modules/through-index']);
    expect(
      await broken(
        'apps/api/src/modules/newsletter/store/lists.ts',
        "import { subscriberRows } from '../../subscriptions/index.js';\nexport const rows = subscriberRows;\n",
      ),
    ).toEqual([]);
  });

  it('keep their insides to themselves and to tests, but not to the wiring', async () => {
    const inside =
      "import { issueRows } from './modules/newsletter/store.js';\nexport const rows = issueRows;\n";
    expect(await broken('apps/api/src/app.ts', inside)).toEqual(['api-modules/through-index']);
    expect(await broken('apps/api/src/app.test.ts', inside)).toEqual([]);
    expect(
      await broken(
        'apps/api/src/modules/newsletter/routes.ts',
        "import { issueRows } from './store/issues.js';\nexport const rows = issueRows;\n",
      ),
    ).toEqual([]);
  });
});

describe('page paths', () => {
  it('come from the domain catalogue in the API too, not spelled by hand', async () => {
    const manage = (spelled: string) =>
      `import type { Env } from '../../env.js';\nexport const manageUrl = (env: Env) => new URL(${spelled}, env.WEB_ORIGIN);\n`;
    expect(
      await broken('apps/api/src/modules/subscriptions/links.ts', manage("'/manage'")),
    ).toEqual(['page-paths/no-page-path-literal']);
    expect(
      await broken(
        'apps/api/src/modules/subscriptions/links.ts',
        `import { PAGE_PATHS } from '@quillpost/domain';\n${manage('PAGE_PATHS.manage')}`,
      ),
    ).toEqual([]);
  });
});

describe('web features', () => {
  it('meet at their index.ts', async () => {
    expect(
      await broken(
        'apps/web/src/features/content/pages/post-page.tsx',
        "import { Editor } from '../../writing/components/editor-page';\nexport const page = Editor;\n",
      ),
    ).toEqual(['web-layers/no-restricted-paths']);
    expect(
      await broken(
        'apps/web/src/features/content/pages/post-page.tsx',
        "import { Editor } from '../../writing';\nexport const page = Editor;\n",
      ),
    ).toEqual([]);
  });

  it('are never imported by shared code', async () => {
    expect(
      await broken(
        'apps/web/src/lib/dates.ts',
        "import { Editor } from '../features/writing';\nexport const page = Editor;\n",
      ),
    ).toEqual(['web-layers/no-restricted-paths']);
  });
});

describe('web features', () => {
  it('never import, directly or lazily, one that imports them back', () => {
    expect(featureCycles(featureGraph(path.join(root, 'apps/web/src/features')))).toEqual([]);
  });

  it('are caught in a loop that runs through a lazy import and a third feature', () => {
    const features = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-features-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(features, file)), { recursive: true });
        fs.writeFileSync(path.join(features, file), text);
      };
      // The loop the console once made: content shows members' part of a post, members' console
      // lazily opens writing, and writing previews posts with content's prose.
      write('content/pages/post-page.tsx', "import { PostConversation } from '../../members';\n");
      write(
        'members/pages/console-page.tsx',
        "const Writing = lazy(() => import('../../writing'));\n",
      );
      write('writing/components/preview.tsx', "import { ProseContent } from '../../content';\n");
      write('members/pages/page.test.tsx', "import { Editor } from '../../writing/editor';\n");
      write('menus/menu.tsx', "import { useSignIn } from '../sign-in';\n");
      expect(featureCycles(featureGraph(features))).toEqual([
        'content → members → writing → content',
      ]);
    } finally {
      fs.rmSync(features, { recursive: true, force: true });
    }
  });
});
