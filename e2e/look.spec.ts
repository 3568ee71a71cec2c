import { resolve } from 'node:path';
import { expect, test, type Browser, type Page } from './test.ts';
import { region, stayOffline } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * The look of every mode (issue 22, "Look"), light and dark at 1280×720, with an example, its
 * trace and its tests loaded: no literal backtick reaches the screen, no button or select keeps the
 * browser's default face, and the page itself never scrolls (each panel scrolls inside itself).
 */
const SIZE = { width: 1280, height: 720 };

interface Findings {
  backticks: string[];
  native: string[];
  scroll: { height: number; width: number };
}

/** What the page shows now: text nodes with a backtick, native-looking controls, the page's scroll size. */
function inspect(page: Page): Promise<Findings> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const backticks: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      // Monaco shows the user's own file text, not the studio's messages.
      if (!parent || !n.textContent?.includes('`') || parent.closest('.monaco-editor, script, style') || !visible(parent)) continue;
      backticks.push(n.textContent.trim().slice(0, 80));
    }
    // The browser's own face for a control: a button and a select in a shadow root get no page CSS.
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<button>x</button><select><option>x</option></select>';
    const face = (el: Element) => {
      const s = getComputedStyle(el);
      return `${s.backgroundColor}|${s.borderTopStyle}|${s.appearance}`;
    };
    const bare = new Set([face(shadow.querySelector('button')!), face(shadow.querySelector('select')!)]);
    const native: string[] = [];
    for (const el of document.querySelectorAll('button, select')) {
      if (!visible(el) || !bare.has(face(el))) continue;
      native.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`);
    }
    host.remove();
    const root = document.scrollingElement!;
    return { backticks, native, scroll: { height: root.scrollHeight - innerHeight, width: root.scrollWidth - innerWidth } };
  });
}

async function expectClean(page: Page, where: string) {
  const found = await inspect(page);
  expect.soft(found.backticks, `${where}: text with a literal backtick`).toEqual([]);
  expect.soft(found.native, `${where}: controls with the browser's default face`).toEqual([]);
  expect.soft(found.scroll.height, `${where}: the page scrolls vertically`).toBeLessThanOrEqual(0);
  expect.soft(found.scroll.width, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(0);
}

async function open(browser: Browser, scheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: SIZE, colorScheme: scheme });
  const page = await context.newPage();
  await stayOffline(page);
  await page.goto('/');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  await (await chooser).setFiles([resolve('examples/etl-pipeline.toml'), resolve('examples/traces/etl-walkthrough.yaml'), resolve('examples/etl-pipeline.test.yaml')]);
  await expect(region(page, 'Graph').locator('.react-flow__node[data-id="load"]')).toBeVisible();
  return page;
}

/** Opens a tab of the panel under the graph (Source and problems, Tests), unfolding it if needed. */
async function openBottomTab(page: Page, name: RegExp) {
  const tab = page.getByRole('tab', { name }).first();
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

for (const scheme of ['light', 'dark'] as const) {
  test(`look, ${scheme}: no backtick, no native control, no page scroll in Design, Problems, Tests, Simulate, presenter`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await open(browser, scheme);
    // Design with a tool selected (the Inspector shows rule summaries).
    await region(page, 'Graph').locator('.react-flow__node[data-id="load"]').click();
    await expect(region(page, 'Inspector')).toContainText('MaxCalls');
    await expectClean(page, 'Design');

    await openBottomTab(page, /^Source and problems/);
    await expect(page.getByRole('region', { name: 'Problems' }).first()).toBeVisible();
    await expectClean(page, 'Problems');

    await openBottomTab(page, /^Tests/);
    await expect(region(page, 'Tests').getByRole('status')).toHaveText(/passed|failing/, { timeout: 30_000 });
    await expectClean(page, 'Tests');

    await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
    const sim = region(page, 'Simulation');
    await sim.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(sim.getByRole('status').filter({ hasText: /Done:/ })).toBeVisible({ timeout: 30_000 });
    await sim.getByRole('button', { name: 'Next violation', exact: true }).click();
    await expectClean(page, 'Simulate, a blocked step');
    for (const tab of ['Setup', 'Changes', 'Summary']) {
      await sim.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await expectClean(page, `Simulate, ${tab}`);
    }

    await page.getByRole('button', { name: 'Present', exact: true }).first().click();
    const stage = page.getByRole('dialog', { name: 'Presenter view' });
    await expect(stage).toBeVisible();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expectClean(page, 'presenter');
    await page.context().close();
  });
}
