import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SECURITY_HEADERS, cspMetaTag, pinnedDomPurify } from './vite.csp.ts';
import { offlineShell } from './vite.offline.ts';

/** The editor features the studio imports (`monacoFeatures.ts`), for the dev server to pre-bundle. */
const monacoFeatures = [...readFileSync(new URL('./src/app/editor/monacoFeatures.ts', import.meta.url), 'utf8').matchAll(/^import '(monaco-editor\/[^']+)';$/gm)].map((m) => m[1] ?? '');

export default defineConfig({
  // Relative URLs: the built studio works from any path of a static host (and from `rule-studio serve`).
  base: './',
  plugins: [react(), pinnedDomPurify(), cspMetaTag(), offlineShell(['favicon.svg', 'manifest.webmanifest'])],
  preview: { headers: SECURITY_HEADERS },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The conformance harness page is built beside the app for the end-to-end tests (it runs the
    // app's simulation worker); nothing in the app links to it.
    rollupOptions: {
      // Modules run in the order their imports say, even when the bundler puts them in a shared
      // chunk: `main.tsx` imports `zodJitless.ts` first so that zod never probes `Function('')`
      // (a CSP violation), but without this rolldown ran the shared chunk's schema modules
      // (zod's and ours) before the entry's first import, and zod probed.
      output: {
        strictExecutionOrder: true,
        // Everything the first load needs, in one file per entry: left to itself the bundler cut it
        // into ~40 small chunks (the shared parts of lazy chunks), fetched and evaluated one by one.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !id.includes('/harness/') }] },
      },
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        conformance: fileURLToPath(new URL('./harness/conformance.html', import.meta.url)),
      },
    },
  },
  optimizeDeps: {
    // Reached only lazily or from workers: pre-bundle them, or the dev server reloads the page on
    // first use of the editor and the YAML worker fails with `module is not defined`.
    include: [
      'smol-toml',
      'yaml',
      'zod',
      'comlink',
      '@monaco-editor/react',
      'monaco-editor/esm/vs/editor/editor.api.js',
      ...monacoFeatures,
      'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js',
      'monaco-yaml',
      'monaco-yaml > path-browserify',
    ],
  },
});
