// One linter for the whole repository: type-aware typescript-eslint, import boundaries, React hooks.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      forbidden: '(^|/)server/|^@efir/server$',
      why: 'The web app meets the server only through the contract.',
    },
    {
      files: ['apps/server/**'],
      // apps/web is two or more levels up from the server's sources; ./web/ is the server's own
      // folder that serves the app's pages.
      forbidden: '(^|/)apps/web(/|$)|^(\\.\\./){2,}web/|^@efir/web$',
      why: 'The server meets the web app only through the contract.',
    },
  ].map(({ files, forbidden, why }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: forbidden, message: why }] }] },
  })),
  // Inside the web app: shared code (lib, components) → features → app, never back; features meet
  // only in app/routes. (These repeat the web app's rule above, which a later entry replaces.)
  ...[
    {
      files: ['apps/web/src/lib/**', 'apps/web/src/components/**'],
      forbidden: '(^|/)(features|app)/',
      why: 'Shared code depends on no feature and on no part of the app.',
    },
    {
      files: ['apps/web/src/features/**'],
      forbidden: '(^|/)app/|^\\.\\./\\.\\./(?!\\.\\./)',
      why: 'A feature depends on shared code only; features meet in app/routes.',
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
              message: 'The web app meets the server only through the contract.',
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
      'apps/server/src/server.ts',
      'apps/server/src/cli/**',
      'scripts/**',
      'bench/**',
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
