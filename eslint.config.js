// One lint config for the whole workspace; each package runs `eslint .` and picks this up.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The web app's layers, as bulletproof-react's import/no-restricted-paths zones draw them: shared
 * code (lib/, components/) imports no feature and not the app; a feature does not import the app,
 * and reaches another feature only through that feature's index.ts. Relative imports are resolved
 * against the importing file, so the zones hold at any depth.
 */
const webSrc = path.join(import.meta.dirname, 'apps/web/src');
const webLayers = {
  rules: {
    'no-restricted-paths': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          shared:
            'lib/ and components/ are shared by every feature: they import no feature and not app/.',
          app: 'A feature does not import app/: move what it needs to lib/ or components/.',
          feature: "Import another feature through its index.ts ('{{feature}}'), not its insides.",
        },
      },
      create(context) {
        const [fromLayer, fromFeature] = path.relative(webSrc, context.filename).split(path.sep);
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = path.resolve(path.dirname(context.filename), spec);
          const [toLayer, toFeature, ...inside] = path.relative(webSrc, target).split(path.sep);
          const report = (messageId) =>
            context.report({ node: node.source, messageId, data: { feature: toFeature } });
          const shared = fromLayer === 'lib' || fromLayer === 'components';
          if (shared && (toLayer === 'features' || toLayer === 'app')) report('shared');
          else if (fromLayer === 'features' && toLayer === 'app') report('app');
          else if (
            fromLayer === 'features' &&
            toLayer === 'features' &&
            toFeature !== fromFeature &&
            !(inside.length === 0 || (inside.length === 1 && inside[0] === 'index'))
          )
            report('feature');
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

/**
 * API modules meet at their index.ts: another module (or app.ts, boot, the CLIs) imports a
 * module's public face, never a file behind it, from any depth of either folder
 * (`newsletter/store/` reaching into `subscriptions/store.js` included).
 */
const apiSrc = path.join(import.meta.dirname, 'apps/api/src');
const apiModules = {
  rules: {
    'through-index': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          inside: "Import the {{module}} module through its index.js, not '{{spec}}'.",
        },
      },
      create(context) {
        const [fromLayer, fromModule] = path.relative(apiSrc, context.filename).split(path.sep);
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = path.resolve(path.dirname(context.filename), spec);
          const [toLayer, toModule, ...inside] = path.relative(apiSrc, target).split(path.sep);
          if (toLayer !== 'modules' || (fromLayer === 'modules' && toModule === fromModule)) return;
          if (inside.length === 1 && inside[0] === 'index.js') return;
          context.report({
            node: node.source,
            messageId: 'inside',
            data: { module: toModule, spec },
          });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

/**
 * Page paths come from the domain's page catalogue (PAGE_PATHS, pagePath), as API paths come from
 * API_ROUTES. The rule reads the catalogue's file for the first segment of every page, so a new
 * page is covered the day it is named; a string or template starting with one of them is a page
 * path spelled by hand. Home ('/') is common as plain text too, so it is reported only where it
 * is a destination: a route `path`, a link's `to`/`href`/`backTo`, navigate() or redirect().
 */
const pageCatalogue = path.join(import.meta.dirname, 'packages/domain/src/page-paths.ts');
const pageSegments = [
  ...new Set(
    [...fs.readFileSync(pageCatalogue, 'utf8').matchAll(/'\/([A-Za-z0-9-]+)[^']*'/g)].map(
      ([, segment]) => segment,
    ),
  ),
];
const pageLiteral = new RegExp(`^/(?:${pageSegments.join('|')})(?:[/?#]|$)`);
const DESTINATIONS = new Set(['to', 'href', 'path', 'backTo']);
const isDestination = (node) => {
  const { parent } = node;
  if (parent.type === 'JSXAttribute') return DESTINATIONS.has(parent.name.name);
  if (parent.type === 'Property' && parent.value === node)
    return DESTINATIONS.has(parent.key.name ?? parent.key.value);
  if (parent.type === 'CallExpression' && parent.arguments[0] === node)
    return ['navigate', 'redirect'].includes(parent.callee.name);
  return false;
};
const pagePaths = {
  rules: {
    'no-page-path-literal': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          literal:
            "Page path '{{text}}' spelled by hand: name it from PAGE_PATHS or pagePath() in @quillpost/domain.",
        },
      },
      create(context) {
        const check = (node, text) => {
          const home = text === '/' || /^\/[?#]/.test(text);
          if (pageLiteral.test(text) || (home && isDestination(node)))
            context.report({ node, messageId: 'literal', data: { text } });
        };
        return {
          Literal: (node) => {
            if (typeof node.value === 'string') check(node, node.value);
          },
          TemplateLiteral: (node) => {
            const head = node.quasis[0].value.cooked ?? '';
            if (node.parent.type !== 'TaggedTemplateExpression') check(node, head);
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    // Tests and test support may look inside modules.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', 'apps/api/src/test-support/**'],
    plugins: { 'api-modules': apiModules, 'page-paths': pagePaths },
    rules: {
      'api-modules/through-index': 'error',
      // Links the API writes (mail, redirects, sitemaps) name pages as the web does.
      'page-paths/no-page-path-literal': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web's layers, and pages named from the domain's catalogue. Tests and their fixtures
    // may look inside features, as in the API, and spell the URLs they visit.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/**/testing/**',
      'apps/web/src/test/**',
    ],
    plugins: { 'web-layers': webLayers, 'page-paths': pagePaths },
    rules: {
      'web-layers/no-restricted-paths': 'error',
      'page-paths/no-page-path-literal': 'error',
    },
  },
  {
    // Only env.ts may read process.env: configuration is validated once, at boot.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from env.ts.' },
      ],
    },
  },
);
