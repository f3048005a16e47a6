// One flat config for the whole monorepo; each workspace's `lint` script runs ESLint from its folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const frontends = ['shell/**', 'mf-*/**', 'packages/ui/**'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', 'e2e/.tmp/**', '**/test-results/**', '**/playwright-report/**', '**/@mf-types/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: frontends,
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // No remote imports another remote or the shell: they meet only through contracts and ui.
    files: ['mf-*/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['mf-*', '../mf-*', '../../mf-*', 'shell', '../shell/*'], message: 'Remotes never import each other or the shell; use @tca/contracts or @tca/ui.' }] }],
    },
  },
);
