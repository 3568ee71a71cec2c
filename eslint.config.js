import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Browser, React and UI packages that must never reach src/core (it runs in Node, Workers and Vitest). */
const uiPackages = ['react', 'react-dom', 'react-dom/*', '@xyflow/*', 'zustand', 'zustand/*', 'monaco-editor', 'monaco-editor/*', '@monaco-editor/*', 'monaco-yaml', 'comlink'];

/** `out.push(...items)` overflows the stack past about 100,000 items (issue 29). */
const PUSH_SPREAD = {
  selector: "CallExpression[callee.property.name=/^(push|unshift)$/] > SpreadElement",
  message: 'Spreading a list into push() overflows the stack on large input: use append() from src/core/model/append.ts.',
};

export default tseslint.config(
  { ignores: ['dist', 'dist-cli', 'dist-profile', 'node_modules', 'test-results', 'playwright-report', 'bin'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 're2-wasm', message: 're2-wasm cannot run in a browser page: use src/core/regex.' }] },
      ],
    },
  },
  {
    // Specs take `test` from e2e/test.ts: it seeds each test's context with the studio's remembered layout.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import `test` from './test.ts'." }] }],
    },
  },
  {
    // Screenshots written for review go through saveScreenshot, which a run nobody looks at skips.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/screenshots.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='screenshot'] > ObjectExpression > Property[key.name='path']",
          message: 'Write review screenshots with saveScreenshot (e2e/screenshots.ts).',
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/worker/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The core boundary: pure TypeScript, no React, no DOM, no UI state, and only one module
    // (src/core/regex) that compiles rule patterns.
    files: ['src/core/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: uiPackages, message: 'src/core is pure TypeScript: no React, DOM or UI packages.' },
            { group: ['**/app/**', '**/worker/**', '**/cli/**'], message: 'src/core must not depend on app, worker or cli code.' },
            { group: ['node:*', 'fs', 'path', 'os', 'child_process'], message: 'src/core runs in the browser too: no Node built-ins.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'indexedDB', 'process'],
      // Determinism: time comes from the trace, never the wall clock; no randomness.
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'The engine runs on the trace clock, never the wall clock.' },
        { object: 'Math', property: 'random', message: 'The core is deterministic.' },
        { object: 'performance', property: 'now', message: 'The engine runs on the trace clock.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='RegExp']", message: 'Rule patterns have Rust regex semantics: call src/core/regex.' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'The engine runs on the trace clock, never the wall clock.' },
        { selector: "CallExpression[callee.name='Date']", message: 'The engine runs on the trace clock, never the wall clock.' },
        PUSH_SPREAD,
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/regex/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/regex/rust.ts', '**/regex/pikevm.ts', '**/regex/program.ts', '**/regex/syntax/**', '**/regex/unicode/**'],
              message: 'Rule patterns are compiled only through src/core/regex/index.ts.',
            },
            { group: uiPackages, message: 'src/core is pure TypeScript: no React, DOM or UI packages.' },
            { group: ['**/app/**', '**/worker/**', '**/cli/**'], message: 'src/core must not depend on app, worker or cli code.' },
            { group: ['node:*', 'fs', 'path', 'os', 'child_process'], message: 'src/core runs in the browser too: no Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', PUSH_SPREAD] },
  },
);
