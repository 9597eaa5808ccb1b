// ESLint for every part (npm run lint, part of npm run check): ESLint's and typescript-eslint's
// recommended rules everywhere, React's hooks rules where React code lives (web/, bench pages).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // firebase-export-*: the folder firebase-tools writes a stopping stack's export into (in the
  // working folder) and then removes; a stack test stopping beside the gate made ESLint fail on it.
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'web/dist-*/',
    'functions/lib/',
    '.cache/',
    '.emulator-state/',
    'emulator-data/',
    'test-results/',
    'firebase-export-*/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a binding left unused on purpose (an argument a callback must
      // accept, a property taken out of an object with `...rest`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The SPA and the benchmark pages run in the browser.
    files: ['web/src/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Benchmark runners hand functions to page.evaluate, which run in the page.
    files: ['bench/**/*.mjs'],
    languageOptions: { globals: { window: 'readonly' } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    // Its meta and rules: the plugin's `configs.flat` does not fit ESLint's Plugin type.
    plugins: { 'react-hooks': { meta: reactHooks.meta, rules: reactHooks.rules } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
