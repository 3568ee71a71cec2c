import { defineConfig } from 'vite';

/**
 * Bundles the CLI into one self-contained Node ES module, `dist-cli/rule-studio.mjs`, for the
 * `bin` entry: every library is inside, so the installed package needs no dependencies and starts
 * without a TypeScript loader. Kept out of `dist/` so building the app never removes it.
 */
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: 'src/cli/entry.ts',
    outDir: 'dist-cli',
    emptyOutDir: true,
    target: 'node20',
    minify: true,
    reportCompressedSize: false,
    rollupOptions: { output: { entryFileNames: 'rule-studio.mjs', format: 'es', codeSplitting: false } },
  },
  ssr: { noExternal: true },
});
