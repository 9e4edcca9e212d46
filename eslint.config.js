import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way: shared ← server, shared ← web; web never reaches the server. */
const noServerFromWeb = {
  group: ['**/server/**', '**/server'],
  message: 'src/web não importa src/server: use a API HTTP e os tipos de src/shared.',
};
const noAppFromShared = {
  group: ['**/server/**', '**/web/**', 'react', 'react-dom', 'fastify', 'node:*', 'pg', '@electric-sql/*'],
  message: 'src/shared é puro: sem React, sem Node, sem servidor.',
};

// ---- Server zones (issue 15): one door per module ----------------------------------------------
// A module under src/server/modules/<name>/ is used from outside only through its public.ts; its
// other files (routes, repository, service…) are its own. http/, db/, config, context and
// extraction/ are shared infrastructure, open to every module.
const serverModuleDoor = [
  {
    // From inside a module: a sibling module's file other than its door ('../auth/routes.js').
    regex: '^\\.\\./(?!\\.\\.?/)[^/]+/(?!public\\.js$)',
    message: 'Um módulo usa outro só pela porta dele: importe de ../<módulo>/public.js.',
  },
  {
    // From anywhere: a path through modules/<name>/ to a file other than public.js.
    regex: '(^|/)modules/[^/]+/(?!public\\.js$)',
    message: 'Fora do módulo, importe só de modules/<módulo>/public.js.',
  },
];
const serverZones = [
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.{js,mjs,ts}'],
    ignores: ['src/server/modules/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverModuleDoor[1]] }] },
  },
  {
    files: ['src/server/modules/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverModuleDoor }] },
  },
];
// ---- End of server zones ------------------------------------------------------------------------

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'data/**', 'bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServerFromWeb] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppFromShared] }] },
  },
  ...serverZones,
);
