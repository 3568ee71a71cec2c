// Takes the README's screenshots of each mode (Design, Simulate, Presenter) and of the states a
// designer reviews (Simulate with the simulator folded, Problems with verifier findings, the Letta
// example, an import in progress with Run waiting for it, a capped big graph with its banner and the
// Inspector's filtered tools list), light and dark, at 1280×720 and 1440×900, from a running preview server
// (under the shared e2e lock; ONLY=design,simulate takes some scenes, SIZES=1280x720 one size):
//   npm run build && npx vite preview --port 4206 &  node scripts/screenshots.mjs http://127.0.0.1:4206 docs/screenshots
// Also useful while designing: pass another output directory and look at the PNGs. With
// ImageMagick's `convert` on the PATH the files are quantised to 256 colours (a fifth of the size).
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

const base = process.argv[2] ?? 'http://127.0.0.1:4206';
const out = process.argv[3] ?? 'docs/screenshots';
const sizes = (process.env.SIZES || '1280x720,1440x900').split(',').map((s) => s.split('x').map(Number));
const only = process.env.ONLY ? process.env.ONLY.split(',') : undefined;
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

/** Waits until the graph's viewport stops moving (the fit ran). */
async function settle(page, regionName = 'Graph') {
  const vp = page.getByRole('region', { name: regionName, exact: true }).locator('.react-flow__viewport');
  await vp.waitFor();
  let last = '';
  for (let i = 0; i < 20; i++) {
    const t = await vp.evaluate((v) => v.ownerDocument.defaultView.getComputedStyle(v).transform);
    if (t === last) return;
    last = t;
    await page.waitForTimeout(200);
  }
}

async function openEntry(page, name) {
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name, exact: true }).click();
}

async function dismissNotices(page) {
  for (const b of await page.getByRole('button', { name: 'Dismiss', exact: true }).all()) await b.click().catch(() => {});
}

/** A Pattern file big enough that its import shows the progress card for a while (`count` tools). */
function bigAgent(rules, count = 400) {
  const tools = Array.from({ length: count }, (_, i) => `tool_${i}`);
  const out = ['[[agents]]', 'name = "big"', `tools = [${tools.map((t) => `"${t}"`).join(', ')}]`, ''];
  for (let i = 0; i < rules; i++) {
    out.push('[[agents.tool_rules]]', `tool_name = "${tools[i % tools.length]}"`, 'rule_type = { type = "RequiresPrecedingTools" }', `conditions = ["${tools[(i * 7 + 1) % tools.length]}"]`, '');
  }
  return out.join('\n');
}

const scenes = {
  design: async (page) => {
    await openEntry(page, 'etl-pipeline.toml');
    await settle(page);
    await page.getByRole('region', { name: 'Graph', exact: true }).locator('.react-flow__node[data-id="load"]').click();
    await dismissNotices(page);
    await page.getByRole('region', { name: 'Source', exact: true }).locator('.monaco-editor').waitFor();
  },
  simulate: async (page) => {
    await openEntry(page, 'ETL pipeline, step by step');
    const stage = page.getByRole('dialog', { name: 'Presenter view' });
    await stage.waitFor();
    await page.keyboard.press('Escape');
    await stage.waitFor({ state: 'hidden' });
    const sim = page.getByRole('region', { name: 'Simulation', exact: true });
    await sim.getByRole('button', { name: 'Next violation', exact: true }).click();
    await settle(page);
    await dismissNotices(page);
  },
  folded: async (page) => {
    await scenes.simulate(page);
    await page.getByRole('button', { name: 'Collapse simulator', exact: true }).click();
    await settle(page);
    await page.mouse.move(0, 0);
  },
  problems: async (page) => {
    await openEntry(page, 'release-deadlock.toml');
    await settle(page);
    await dismissNotices(page);
    // The bottom panel starts folded to its bar: open it, as a user does from the bar.
    const bar = page.getByRole('group', { name: 'Bottom panel (folded)' });
    if (await bar.isVisible()) await bar.getByRole('button').first().click();
    const problems = page.getByRole('region', { name: 'Problems', exact: true });
    await problems.getByText(/V0\d\d/).first().waitFor({ timeout: 20_000 });
    await problems.getByText(/V0\d\d/).first().click();
    await settle(page);
  },
  letta: async (page) => {
    await openEntry(page, 'letta-refund-agent.af');
    await settle(page);
    await dismissNotices(page);
  },
  importing: async (page) => {
    await openEntry(page, 'etl-pipeline.toml');
    await settle(page);
    await dismissNotices(page);
    await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import', exact: true }).first().click();
    await (await chooser).setFiles({ name: 'big-agent.toml', mimeType: 'text/plain', buffer: Buffer.from(bigAgent(30000)) });
    await page.getByRole('group', { name: 'Import in progress' }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(600); // the card fades in
  },
  // A graph too big to draw whole (3,000 tools): the capped view with its banner, fitted below it,
  // and the Inspector's tools list filtered.
  capped: async (page) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import', exact: true }).first().click();
    await (await chooser).setFiles({ name: 'big-agent.toml', mimeType: 'text/plain', buffer: Buffer.from(bigAgent(12000, 3000)) });
    const graph = page.getByRole('region', { name: 'Graph', exact: true });
    await graph.getByRole('region', { name: 'Graph view' }).waitFor({ timeout: 120_000 });
    await page.getByText('Imported big-agent.toml.').waitFor({ timeout: 120_000 });
    await dismissNotices(page);
    await page.getByRole('region', { name: 'Inspector', exact: true }).getByRole('searchbox').fill('tool_12');
    await settle(page);
  },
  present: async (page) => {
    await openEntry(page, 'ETL pipeline, step by step');
    await page.getByRole('dialog', { name: 'Presenter view' }).waitFor();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await settle(page, 'Stage graph');
    await page.waitForTimeout(400); // the stage's camera glides to the step
  },
};

let quantise = true;
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
      const file = `${out}/${name}-${scheme}-${w}x${h}.png`;
      await page.screenshot({ path: file });
      if (quantise) {
        try {
          execFileSync('convert', [file, '-colors', '256', `PNG8:${file}`]);
        } catch {
          quantise = false;
        }
      }
      console.log(file);
      await ctx.close();
    }
  }
}
await browser.close();
