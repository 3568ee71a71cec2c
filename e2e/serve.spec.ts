/**
 * `rule-studio serve` and the studio on any host (issue 25.1): serve a rule file and the studio opens
 * it; Save to files writes it (and `--write-back` as it is edited); the built app works under a
 * sub-path of a static host; after one visit its service worker makes it load with the network off.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { graphNode, region } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

const AGENT = `# The agent the terminal opened
name = "served"
tools = ["search", "answer"]

[[tool_rules]]
tool_name = "answer"
rule_type = { type = "ExitLoop" }
`;

const children: ChildProcess[] = [];
test.afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGINT');
});

/** Runs `rule-studio serve` on `args` (from the sources) and resolves with the address it prints. */
async function serve(args: string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'serve', '--no-open', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no address in 30 s: ${err}`)), 30_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Rule Studio on (\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

const agentFile = () => {
  const path = join(mkdtempSync(join(tmpdir(), 'rs-serve-e2e-')), 'agent.toml');
  writeFileSync(path, AGENT);
  return path;
};

/** Adds a tool from the toolbar and names it, as a user does. */
async function addTool(page: Page, name: string) {
  await page.getByRole('toolbar', { name: 'Rule Studio' }).getByRole('button', { name: 'Add tool', exact: true }).click();
  const field = region(page, 'Inspector').getByRole('textbox', { name: 'Name' });
  await expect(field).toBeFocused();
  await field.fill(name);
  await field.press('Enter');
  await expect(graphNode(page, name)).toBeVisible();
}

test('serve a rule file: the studio opens it, and Save to files writes the edit to that file', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const path = agentFile();
  const url = await serve([path]);
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+$/);
  await page.goto(url);
  // the token went into a cookie and out of the address bar
  await expect(page).toHaveURL(/\/$/);
  await expect(graphNode(page, 'search')).toBeVisible();
  await expect(graphNode(page, 'answer')).toBeVisible();

  await addTool(page, 'fetch_page');
  expect(readFileSync(path, 'utf8'), 'nothing is written before Save').toBe(AGENT);
  await page.getByRole('button', { name: 'Save to files' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toContainText('Saved agent.toml to disk.');
  const saved = readFileSync(path, 'utf8');
  expect(saved).toContain('fetch_page');
  expect(saved, 'the comment is kept').toContain('# The agent the terminal opened');
  await saveScreenshot(page, 'test-results/serve-saved.png');

  // a reload keeps the tab's project (and its link to the file): another edit saves with Ctrl+S
  await page.reload();
  await expect(graphNode(page, 'fetch_page')).toBeVisible();
  await addTool(page, 'summarise');
  await region(page, 'Graph').locator('.react-flow__pane').click();
  await page.keyboard.press('ControlOrMeta+S');
  await expect.poll(() => readFileSync(path, 'utf8')).toContain('summarise');
  expect(errors).toEqual([]);
});

test('serve --write-back writes each edit as it is made', async ({ page }) => {
  const path = agentFile();
  await page.goto(await serve(['--write-back', path]));
  await expect(graphNode(page, 'search')).toBeVisible();
  await addTool(page, 'lookup');
  await expect.poll(() => readFileSync(path, 'utf8'), { timeout: 10_000 }).toContain('lookup');
});

/** A static host serving `dist/` under `prefix` (no serve marker, no API). */
async function staticHost(prefix: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json', '.ttf': 'font/ttf' };
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end('outside the sub-path');
      return;
    }
    let file = join('dist', normalize(path.slice(prefix.length)).replace(/^([/\\])+/, ''));
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

test.describe('the built studio on a static host', () => {
  test.use({ serviceWorkers: 'allow' });

  test('works under a sub-path, and loads offline after one visit', async ({ page, context }) => {
    const host = await staticHost('/tools/rule-studio/');
    try {
      const missing: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${host.origin}/tools/rule-studio/`);
      await expect(region(page, 'Graph')).toBeVisible();
      // an example opens (its layout runs in a worker loaded from the sub-path)
      await page.getByRole('button', { name: 'Examples', exact: true }).click();
      await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'etl-pipeline.toml', exact: true }).click();
      await expect(graphNode(page, 'extract')).toBeVisible();
      expect(missing).toEqual([]);
      expect(errors).toEqual([]);

      // the service worker has cached the shell: the network goes, the studio still opens
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBeGreaterThan(0);
      await context.setOffline(true);
      await page.reload();
      await expect(region(page, 'Graph')).toBeVisible();
      await expect(graphNode(page, 'extract')).toBeVisible();
      await saveScreenshot(page, 'test-results/serve-offline.png');
    } finally {
      await context.setOffline(false);
      await host.close();
    }
  });
});
