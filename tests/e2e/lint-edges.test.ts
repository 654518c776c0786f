/**
 * The edges the lint config draws between parts of the code (eslint.config.js), each proven by a
 * file that crosses it: API modules meet at their index.ts from any depth, and web features meet
 * at theirs; shared web code imports no feature.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
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
