import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './scripts/eslint/feature-boundaries.js';
import { importFences } from './scripts/eslint/import-fences.js';

/**
 * One flat config for the whole tree. `npm test` runs it after `tsc` and before vitest.
 * Types are tsc's job; this catches what tsc does not: unused code, unsafe patterns,
 * the rules of hooks, and features reaching into each other.
 */

const ROOT = import.meta.dirname;
const FEATURES_DIR = 'web/src/features';

/**
 * Features do not import each other: a file under features/<a>/ may import only from its
 * own feature, components/, lib/ and shared/. What two features share moves to one of
 * those; the routes in app/ compose features. The rule reads the folder of each end, so a
 * new feature is covered the day it appears.
 */
const boundaries = featureBoundaries({ root: ROOT, featuresDir: FEATURES_DIR, aliasTarget: 'web/src' });

/** The import aliases: `@/` (tsconfig, web) and package.json's `imports` (`#shared/*` → ./shared/*). */
const packageImports = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).imports;
const ALIASES = {
  '@/': 'web/src',
  ...Object.fromEntries(Object.entries(packageImports).map(([key, target]) => [key.replace(/\*$/, ''), target.replace(/^\.\//, '').replace(/\/\*$/, '')])),
};

/**
 * The layers below the features: web/src/lib and web/src/components serve every feature and so
 * import none (what they need from one comes in as a prop or an argument, joined in app/);
 * shared/ is the pure rules both hosts run, so it imports neither host nor the infrastructure.
 */
const fences = importFences({
  root: ROOT,
  aliases: ALIASES,
  fences: [
    { from: 'web/src/lib', forbid: [FEATURES_DIR], why: 'lib/ serves every feature; take what a feature knows as a parameter and join the two in web/src/app.' },
    { from: 'web/src/components', forbid: [FEATURES_DIR], why: 'components/ serve every feature; take what a feature knows as a prop and join the two in web/src/app.' },
    { from: 'shared', forbid: ['functions', 'web', 'infra'], why: 'shared/ holds the pure rules both hosts run; move the piece into shared/ or pass it in.' },
  ],
});

export default defineConfig(
  { ignores: ['node_modules/', 'web/dist/', 'cdk.out/', '.data/', 'coverage/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a binding left unused on purpose (`const { pk: _pk, ...item } = row`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read arbitrary JSON bodies and CloudFormation templates; `any` there is not a boundary of the product.
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The classic two: the plugin's newer recommended set checks for the React Compiler, which this app does not use.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: [`${FEATURES_DIR}/**/*.{ts,tsx}`],
    plugins: { local: { rules: { 'feature-boundaries': boundaries } } },
    rules: { 'local/feature-boundaries': 'error' },
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}', 'shared/**/*.ts'],
    plugins: { fences: { rules: { 'import-fences': fences } } },
    rules: { 'fences/import-fences': 'error' },
  },
);
