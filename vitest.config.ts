import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setupCodecs.ts'],
    testTimeout: 30_000,
    // One module graph per worker rather than per file: re-evaluating the codecs and the core for
    // each of ~250 files cost about two thirds of the unit run (501 s → about 160 s). Tests keep no
    // state between files; a test that needs a fresh module uses vi.resetModules itself.
    isolate: false,
  },
});
