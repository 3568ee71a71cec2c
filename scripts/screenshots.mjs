// Takes the README's screenshots of each mode, light and dark, from a running preview server:
//   npm run build && npx vite preview --port 4206 &  node scripts/screenshots.mjs http://127.0.0.1:4206 docs/screenshots
// Also useful while designing: pass another output directory and look at the PNGs.
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const base = process.argv[2] ?? 'http://127.0.0.1:4206';
const out = process.argv[3] ?? 'docs/screenshots';
const sizes = (process.env.SIZES ?? '1280x720').split(',').map((s) => s.split('x').map(Number));
const only = process.env.ONLY?.split(',');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function openExample(page, name) {
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('button', { name, exact: true }).click();
  await page.waitForTimeout(1500);
}

const scenes = {
  design: async (page) => openExample(page, 'etl-pipeline.toml'),
  'design-workflow': async (page) => openExample(page, 'hegel-execution.yaml'),
  simulate: async (page) => {
    await openExample(page, 'ETL pipeline, step by step');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(800);
  },
  present: async (page) => {
    await openExample(page, 'ETL pipeline, step by step');
    await page.waitForTimeout(800);
  },
};

for (const [w, h] of sizes) {
  for (const scheme of ['light', 'dark']) {
    for (const [name, scene] of Object.entries(scenes)) {
      if (only && !only.includes(name)) continue;
      const ctx = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: scheme });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.error(name, e.message));
      await page.goto(base);
      await page.waitForSelector('.toolbar');
      try {
        await scene(page);
      } catch (e) {
        console.error(name, String(e).split('\n')[0]);
      }
      const file = `${out}/${name}-${scheme}${sizes.length > 1 ? `-${w}` : ''}.png`;
      await page.screenshot({ path: file });
      console.log(file);
      await ctx.close();
    }
  }
}
await browser.close();
