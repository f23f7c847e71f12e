// @ts-check
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Where a resolved file lives: its layer (shared, server, web) and, inside features/, which feature. */
function locate(file) {
  const rel = path.relative(path.join(root, 'src'), file).split(path.sep);
  if (rel[0] === '..' || rel.length < 2) return null;
  const layer = rel[0];
  const feature = rel[1] === 'features' ? rel[2] : undefined;
  return { layer, feature, folder: rel[1] };
}

function resolveImport(source, fromFile) {
  const alias = /^#(shared|server|web)\/(.*)$/.exec(source);
  if (alias) return path.join(root, 'src', alias[1], alias[2]);
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  return null;
}

const allowedLayers = { shared: ['shared'], server: ['server', 'shared'], web: ['web', 'shared'] };

// STYLE.md: web → shared, server → shared, never web ↔ server, never one feature into another; server/repositories,
// lib and db never into a feature (decision 046).
const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = locate(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      if (from.layer === 'shared' && (source.startsWith('node:') || ['react', 'react-dom', 'hono'].includes(source))) {
        context.report({ node, message: `src/shared is pure: it may not import ${source}` });
        return;
      }
      const target = resolveImport(source, context.filename);
      const to = target && locate(target);
      if (!to) return;
      // The one exception: the web's typed client reads the route definitions' types, which the build erases (decision 045).
      const typeOfRoutes = node.importKind === 'type' && target === path.join(root, 'src', 'server', 'api-type.ts');
      if (from.layer === 'web' && to.layer === 'server' && typeOfRoutes) return;
      if (!(allowedLayers[from.layer] ?? []).includes(to.layer)) {
        context.report({ node, message: `${from.layer} may not import from ${to.layer}` });
      } else if (from.layer === to.layer && from.feature && to.feature && from.feature !== to.feature) {
        context.report({ node, message: `feature ${from.feature} may not import feature ${to.feature}; compose them in app/ or a route` });
      } else if (
        from.layer === 'server' && ['repositories', 'lib', 'db'].includes(from.folder) && to.layer === 'server' && to.feature &&
        !context.filename.endsWith('.test.ts')
      ) {
        // Decision 046: route → service → repository; shared server code never reaches back into a feature (its tests may).
        context.report({ node, message: `server/${from.folder} may not import feature ${to.feature}; move what both need into server/repositories` });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

// STYLE.md: files and folders are kebab-case (`expense-form.tsx`, `money-input.spec.ts`), so a path can be guessed.
const KEBAB_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const fileNames = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    const rel = path.relative(root, context.filename).split(path.sep);
    const bad = rel.find((part) => !KEBAB_FILE.test(part));
    return {
      Program(node) {
        if (bad) context.report({ node, message: `"${bad}" is not kebab-case (lower case words joined by "-")` });
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', '.cache/**', 'test-results/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.server.json', './tsconfig.web.json', './tsconfig.sw.json', './tsconfig.tools.json'],
        tsconfigRootDir: root,
      },
    },
    plugins: { kvitt: { rules: { boundaries, 'file-names': fileNames } } },
    rules: {
      'kvitt/boundaries': 'error',
      'kvitt/file-names': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // An async function that awaits nothing yet still keeps its promise contract; floating and non-thenable awaits,
      // the real mistakes, are caught above.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // A circle of imports makes load order matter and hides which module owns a rule: none in the product code.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '*.config.ts', 'eslint.config.js', 'src/server/testing/**', 'src/server/lib/ocr/testing/**', '**/*.test.ts', '**/*.type-test.ts'],
    // Tests read answers as the wire gives them (untyped JSON) and assert on them; the product code gets no such pass.
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Tests replace methods (fetch, a pool's close) and run the page's inline script as the browser would.
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-implied-eval': 'off',
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  { files: ['src/web/theme-init.js'], languageOptions: { globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly', matchMedia: 'readonly' } } },
);
