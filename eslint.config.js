import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'apps/server/tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', '*.ts', 'apps/server/scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict([
      { group: ['**/apps/server/**', '@resim/server', '@resim/server/*'], message: 'The web app never imports server code.' },
    ]),
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: restrict([
      { group: ['@resim/*', '**/apps/**', '**/contracts/**'], message: 'The domain package imports nothing of ours.' },
      { group: ['node:*', 'fs', 'path', 'http', 'crypto'], message: 'The domain package is pure: no I/O.' },
    ]),
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: restrict([{ group: ['**/apps/**', '@resim/server', '@resim/web'], message: 'Contracts are shared: they import no app code.' }]),
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: restrict([{ group: ['**/apps/web/**', '@resim/web', '@resim/web/*'], message: 'The server never imports web code.' }]),
  },
  // expect.any() and friends are typed any by design
  { files: ['**/*.test.{ts,tsx}'], rules: { '@typescript-eslint/no-unsafe-assignment': 'off' } },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
