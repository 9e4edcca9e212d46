import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './scripts/eslint-no-cycle.mjs';

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
// other files (routes, repository, service…) are its own. app.ts alone also opens its routes.ts, to
// register them: public.ts never carries routes, which import other modules' doors and would close
// a circle back through them. http/, db/, config, context and extraction/ are shared
// infrastructure, open to every module.
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
const appRoutesDoor = {
  // From app.ts: a module's public.js, or its routes.js to register them.
  regex: '(^|/)modules/[^/]+/(?!(public|routes)\\.js$)',
  message: 'app.ts importa de um módulo só public.js e, para registrar as rotas, routes.js.',
};
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
  {
    files: ['src/server/app.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [appRoutesDoor] }] },
  },
];
// ---- End of server zones ------------------------------------------------------------------------

// ---- Web zones (issue 15): one door per feature, composition in app/ ---------------------------
// A feature under src/web/features/<name>/ is used from outside only through its index.ts, and only
// by app/ (and main.tsx): features never import each other; when one shows another's component,
// app/ passes it in as a prop typed in lib/slots.ts. lib/ and components/ sit below the features.
// Flat config replaces a rule's options for a file rather than merging them, so each file set gets
// one no-restricted-imports with every pattern that applies to it (noServerFromWeb included).
const webFeatureDoor = {
  // From app/ and main.tsx: a path through features/<name>/ to a file other than index.js.
  regex: '(^|/)features/[^/]+/(?!index\\.js$)',
  message: 'Fora da feature, importe só de features/<feature>/index.js.',
};
const noFeatureFromBelow = {
  regex: '(^|/)features/',
  message: 'src/web/lib e src/web/components ficam abaixo das features: não importam nenhuma.',
};
const NO_SIBLING = 'Uma feature não importa outra: a composição fica em app/ (passe o componente por prop; tipos em lib/slots.ts).';
/** From a file `depth` folders below its feature's folder: up to features/, then into another feature. */
const noSiblingFeature = (depth) => [
  { regex: `^(\\.\\./){${depth + 1}}(?!\\.\\.?/)[^/]+/`, message: NO_SIBLING },
  // The long way round, up to src/web and down again ('../../../features/x/index.js').
  { regex: '(^|/)features/', message: NO_SIBLING },
];
const webRule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [noServerFromWeb, ...patterns] }] });
const webZones = [
  { files: ['src/web/**/*.{ts,tsx}'], rules: webRule(webFeatureDoor) },
  { files: ['src/web/lib/**/*.{ts,tsx}', 'src/web/components/**/*.{ts,tsx}'], rules: webRule(noFeatureFromBelow) },
  // features/<name>/x.ts, features/<name>/components/x.tsx, and deeper folders up to depth 3.
  ...[0, 1, 2, 3].map((depth) => ({
    files: [`src/web/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: webRule(...noSiblingFeature(depth)),
  })),
];
// ---- End of web zones ---------------------------------------------------------------------------

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
    rules: reactHooks.configs.recommended.rules,
  },
  ...webZones,
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppFromShared] }] },
  },
  ...serverZones,
  // A circle of imports makes load order decide what a module sees (undefined at first use) and
  // ties modules that should stand apart, so none is allowed (scripts/eslint-no-cycle.mjs).
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{js,mjs,ts}'],
    plugins: { local },
    rules: { 'local/no-cycle': 'error' },
  },
  {
    // Each page is a chunk pages.ts loads by import(), and a page preloads others through
    // prefetch.ts, which reads pages.ts: the circle is the code splitting itself. A chunk runs after
    // the router has loaded, so only static imports are held to the rule here.
    files: ['src/web/app/**/*.{ts,tsx}'],
    rules: { 'local/no-cycle': ['error', { ignoreDynamicImports: true }] },
  },
);
