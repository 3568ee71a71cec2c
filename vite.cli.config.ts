import { build, defineConfig, type InlineConfig, type Plugin } from 'vite';

/**
 * Every character above U+007F written as a `\u` escape (astral ones as a surrogate pair). The
 * bundle's non-ASCII characters sit in strings, template literals and regular expressions, where
 * the escape means the same character; an all-ASCII file is decoded and scanned by Node and V8 as
 * one-byte text, which starts faster than the two-byte text one `…` would make of the whole file.
 */
export function asciiOnly(code: string): string {
  // `\é` (an identity escape) would turn into `\\u00e9`, a backslash and five letters: refuse it.
  const escaped = /\\[^\0-\x7f]/.exec(code);
  if (escaped) throw new Error(`the CLI bundle has a backslash before a non-ASCII character: ${JSON.stringify(code.slice(escaped.index - 20, escaped.index + 20))}`);
  return code.replace(/[^\0-\x7f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const asciiBundle: Plugin = {
  name: 'rule-studio-ascii-bundle',
  // After minifying (the minifier would write the characters back).
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) if (file.type === 'chunk') file.code = asciiOnly(file.code);
  },
};

/** The bundle a corpus worker thread loads: the replay path alone, not the whole CLI (see `pool.ts`). */
export const CORPUS_WORKER_BUNDLE = 'corpus-worker.cjs';

/** Options shared by the CLI bundle and the corpus worker bundle: one CommonJS file, every library inside. */
export function nodeBundle(entry: string, file: string, emptyOutDir: boolean, outDir = 'dist-cli'): InlineConfig {
  return {
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    plugins: [asciiBundle],
    build: {
      ssr: entry,
      outDir,
      emptyOutDir,
      target: 'node20',
      minify: true,
      reportCompressedSize: false,
      rollupOptions: { output: { entryFileNames: file, format: 'cjs', codeSplitting: false } },
    },
    ssr: { noExternal: true },
  };
}

/** After the CLI bundle, builds the corpus worker's (a bundle has one entry when code is not split). */
const corpusWorkerBundle: Plugin = {
  name: 'rule-studio-corpus-worker-bundle',
  apply: 'build',
  async closeBundle() {
    await build(nodeBundle('src/cli/corpus/worker.ts', CORPUS_WORKER_BUNDLE, false));
  },
};

/**
 * Bundles the CLI into one self-contained CommonJS file, `dist-cli/rule-studio.cjs`, for the `bin`
 * entry: every library is inside, so the installed package needs no dependencies and starts
 * without a TypeScript loader. CommonJS so that `bin/rule-studio.mjs` can compile it with V8's code
 * cache (Node 20 has no compile cache for ES modules). Each command's implementation is a dynamic
 * import, which the single-file output keeps as a lazily run module: `--version`, `--help` and a
 * command evaluate only the code they use. Kept out of `dist/` so building the app never removes it.
 */
export default defineConfig(() => {
  const cli = nodeBundle('src/cli/entry.ts', 'rule-studio.cjs', true);
  return { ...cli, plugins: [asciiBundle, corpusWorkerBundle] };
});
