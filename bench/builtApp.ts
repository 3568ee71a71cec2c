/**
 * The built app served by `vite preview` on a free port and opened in headless Chromium at
 * 1440×900, for the benches that measure the page itself (`chromium`, `import`). Closes the
 * browser and the server whatever the measurement does.
 */
import type { Browser, Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, ROOT } from './chromium.bench.ts';

export interface BuiltAppOptions {
  /** The build to serve, relative to the project (default `dist`). */
  outDir?: string;
  /** Chromium switches beside the shared ones. */
  extraArgs?: string[];
}

export async function withBuiltApp<T>(
  options: BuiltAppOptions,
  measure: (page: Page, url: string, browser: Browser) => Promise<T>,
): Promise<T | { skipped: string }> {
  const { preview } = await import('vite');
  const { chromium } = await import('@playwright/test');
  const server = await preview({
    root: ROOT,
    logLevel: 'error',
    build: { outDir: options.outDir ?? 'dist' },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) {
    await server.close();
    return { skipped: 'the preview server gave no address' };
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])] });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // tsx compiles the functions handed to page.evaluate with esbuild's keepNames, which calls a
    // `__name` helper that exists only in Node.
    await page.addInitScript('globalThis.__name = (f) => f;');
    return await measure(page, url, browser);
  } finally {
    await browser.close();
    await server.close();
  }
}
