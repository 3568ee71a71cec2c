import { defineConfig } from 'vite';

/** Bundles the CLI into one Node ES module, `dist/cli/rule-studio.mjs`, for the `bin` entry. */
export default defineConfig({
  build: {
    ssr: 'src/cli/entry.ts',
    outDir: 'dist/cli',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'rule-studio.mjs', format: 'es' } },
  },
  ssr: { noExternal: true },
});
