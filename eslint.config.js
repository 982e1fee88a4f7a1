// One linter for the whole repository: type-aware typescript-eslint, import boundaries, React hooks.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// apps/web and apps/studio are two or more levels up from the server's sources; ./web/ and
// ./studio/ are the server's own folders (the pages it serves, the studio's calls).
const serverForbidden = '(^|/)apps/(web|studio)(/|$)|^(\\.\\./){2,}(web|studio)/|^@efir/(web|studio)$';
const serverWhy = 'The server meets the web app only through the contract.';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through apps/server/src/config.ts.',
        },
      ],
    },
  },
  // Import boundaries: the contract is shared by both apps and depends on neither; the apps meet
  // only through the contract.
  ...[
    {
      files: ['packages/contract/**'],
      forbidden: '(^|/)apps/|^@efir/(server|web)$',
      why: 'The contract depends on no app.',
    },
    {
      files: ['apps/web/**'],
      forbidden: '(^|/)server/|^@efir/server$|(^|/)studio/|^@efir/studio$',
      why: 'The web app meets the server and the studio only through the contract.',
    },
    {
      files: ['apps/studio/**'],
      forbidden: '(^|/)server/|^@efir/server$|(^|/)apps/web(/|$)|^@efir/web$',
      why: 'The studio meets the server and the web app only through the contract.',
    },
    {
      files: ['apps/server/**'],
      forbidden: serverForbidden,
      why: serverWhy,
    },
  ].map(({ files, forbidden, why }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: forbidden, message: why }] }] },
  })),
  // A route reads the request, calls a service and shapes the answer: the database's tables are
  // the repositories' and the services'. (This repeats the server's rule above, which it replaces.)
  {
    files: ['apps/server/src/routes/**', 'apps/server/src/studio/routes/**', 'apps/server/src/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: serverForbidden, message: serverWhy },
            {
              regex: '(^|/)db/schema(/|\\.ts$)|^drizzle-orm(/|$)',
              message: 'A route reaches the database through a repository or a service, never its tables.',
            },
          ],
        },
      ],
    },
  },
  // Inside each browser app: shared code (lib, components) → features → app, never back; features
  // meet only in the app. (These repeat the apps' rules above, which a later entry replaces.)
  ...[
    {
      files: [
        'apps/web/src/lib/**',
        'apps/web/src/components/**',
        'apps/studio/src/lib/**',
        'apps/studio/src/components/**',
      ],
      forbidden: '(^|/)(features|app)/',
      why: 'Shared code depends on no feature and on no part of the app.',
    },
    {
      // The web app's features have folders of their own (api/, components/), three levels down.
      files: ['apps/web/src/features/**'],
      forbidden: '(^|/)app/|^\\.\\./\\.\\./(?!\\.\\./)',
      why: 'A feature depends on shared code only; features meet in app/routes.',
    },
    {
      // The studio's features are flat, two levels down: a sibling folder is another feature.
      files: ['apps/studio/src/features/**'],
      forbidden: '(^|/)app/|^\\.\\./(?!\\.\\./)|^\\.\\./\\.\\./(?!lib/|components/)',
      why: 'A feature depends on shared code only; features meet in the app.',
    },
  ].map(({ files, forbidden, why }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)server/|^@efir/server$',
              message: 'A browser app meets the server only through the contract.',
            },
            { regex: forbidden, message: why },
          ],
        },
      ],
    },
  })),
  {
    files: [
      'apps/server/src/config.ts',
      'apps/server/src/main.ts',
      'apps/server/src/cli/**',
      'scripts/**',
      'bench/**',
      'deploy/**',
      'e2e/**',
      '**/*.test.ts',
      'vitest.config.ts',
      'apps/server/test/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // A test states what it expects; a missing value fails the assertion that reads it.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/studio/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // react-hook-form's handleSubmit answers a promise that reports its own errors into the form:
    // an onSubmit may be given it.
    files: ['apps/studio/**/*.tsx'],
    rules: { '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
