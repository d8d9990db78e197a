import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './scripts/eslint/feature-boundaries.js';

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
);
