// The code lint, run by `npm test` over the whole tree: the recommended sets of ESLint,
// typescript-eslint and eslint-plugin-vue, and — with type information — the rules that catch the
// defects this code can have: a promise nobody awaits or catches, a promise where a plain value is
// taken (an async handler where a callback returns nothing), a switch over a union that misses a case.
// Layout is Prettier's (`npm run format`), so no rule here is about style.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'resources/**',
      'test-results/**',
      'bench-results/**',
      'native/**',
      'build/**',
      'scripts/han-fold-pairs.mjs',
      'src-main/catalogue/search/han-fold-table.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
  },
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    files: ['**/*.ts', '**/*.vue'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname, extraFileExtensions: ['.vue'] },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Tests read answers as untyped JSON.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The code that refuses or strips control characters names them on purpose.
    rules: { 'no-control-regex': 'off' },
  },
  prettier,
);
