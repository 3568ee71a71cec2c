/** Helpers the end-to-end specs share: locating regions and graph nodes, dragging, editing Source. */
import { readFileSync } from 'node:fs';
import { seriousViolations } from './axe.ts';
import { expect, type Locator, type Page } from '@playwright/test';
import { REVIEW_SCREENSHOTS, saveScreenshot } from './screenshots.ts';
import { stayOffline } from './offline.ts';
import { transitionsEnded } from './transitions.ts';

export { stayOffline, transitionsEnded };

export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
export const graphNode = (page: Page, id: string) => region(page, 'Graph').locator(`.react-flow__node[data-id="${id}"]`);

/** Drags from one tool's source handle to another's target handle (draws an ordering edge). */
export async function dragEdge(page: Page, from: string, to: string): Promise<void> {
  await dragEdgeBetween(page, graphNode(page, from), graphNode(page, to));
}

/** Drags from the source handle of node `from` to the target handle of node `to`, as a user draws an edge. */
export async function dragEdgeBetween(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.locator('.react-flow__handle.source').boundingBox();
  const b = await to.locator('.react-flow__handle.target').boundingBox();
  if (!a || !b) throw new Error('handle not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

/**
 * Replaces the whole Source editor content by a paste (typing would auto-close brackets and
 * quotes). The editor is focused, not clicked: scrolled to a far line (an error revealed), the box
 * of its lines lies mostly outside the pane, where a click lands on the canvas.
 */
export async function setSource(page: Page, text: string): Promise<void> {
  await pasteOver(page, region(page, 'Source').locator('.monaco-editor'), text);
}

/**
 * Replaces a Monaco editor's whole text by a paste event carrying `text` (headless Chromium's
 * system clipboard is not dependable), focusing its text area first.
 */
export async function pasteOver(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.locator('textarea').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await editor.locator('textarea').evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/**
 * Clicks into a Monaco editor's text as a user does: in the part of the editor on screen, on its
 * first line shown. (The box of its lines is the whole text's: once the text is longer or wider than
 * the pane, its centre lies outside it, under the panel's bar or past the window.)
 */
export async function clickIntoEditor(editor: Locator): Promise<void> {
  const shown = editor.locator('.overflow-guard').first();
  const box = await shown.boundingBox();
  await shown.click({ position: { x: Math.round((box?.width ?? 200) / 2), y: 8 } });
}

/** Imports files through the toolbar's Import button and the file chooser. */
export async function importPaths(page: Page, paths: string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  await (await chooser).setFiles(paths);
}

/** Runs a command from the command palette (Ctrl+K), as a user would. */
export async function runCommand(page: Page, label: string): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox', { name: 'Command' }).fill(label);
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
}

/** The active document's text, as "Export as written" downloads it. */
export async function exportedAsWritten(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await runCommand(page, 'Export as written');
  return readFileSync(await (await download).path(), 'utf8');
}

/**
 * Makes a file in the page (Playwright's own setFiles turns a multi-megabyte buffer into a File
 * on the page's main thread, in a task of seconds that would be counted against the app) and
 * drops it on the window, as a user drops a file. `source` is the function text of a generator
 * (`bigAgentToml.toString()`) and `arg` its argument.
 */
export async function dropMadeFile(page: Page, name: string, source: string, arg: number): Promise<void> {
  await page.evaluate(`window.__madeFile = new File([(${source})(${arg})], ${JSON.stringify(name)}, { type: 'application/toml' })`);
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add((window as unknown as { __madeFile: File }).__madeFile);
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
}

/** Picks an option of a select (the design system's Radix Select: a combobox and a listbox), by its visible label. */
export async function choose(select: Locator, option: string): Promise<void> {
  await select.click();
  await select.page().getByRole('option', { name: option, exact: true }).click();
}

/**
 * Looks at the page as the guide asks before a UI is called done: at 1280×720 and 1440×900, light
 * and dark, a screenshot in `test-results/<name>-<scheme>-<w>x<h>.png` (unless review screenshots are
 * off: `e2e/screenshots.ts`); in each scheme, an axe run over `include` that finds no serious or
 * critical problem, at 1280×720 (the tighter layout; each axe run costs ~0.7 s of CPU). `choose`: how a view with its own themes (the presenter's
 * stage) is switched to each scheme, beside the page's.
 */
export async function screenshotsWithAxe(page: Page, name: string, include: string, choose?: (scheme: 'light' | 'dark') => Promise<void>): Promise<void> {
  // Without review screenshots only the axe runs are left: 1440×900 has nothing to do.
  const sizes = REVIEW_SCREENSHOTS ? ([[1280, 720], [1440, 900]] as const) : ([[1280, 720]] as const);
  for (const [w, h] of sizes)
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      // The page takes the scheme in an effect; its colours fade only once it has.
      await expect(page.locator('html')).toHaveAttribute('data-scheme', scheme);
      await choose?.(scheme);
      await transitionsEnded(page);
      await saveScreenshot(page, `test-results/${name}-${scheme}-${w}x${h}.png`);
      if (w === 1280) expect(await seriousViolations(page, { include })).toEqual([]);
    }
  // Leave the page as the whole round does (1440×900, dark), for whatever the test does next.
  if (!REVIEW_SCREENSHOTS) await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * Opens the studio offline at 1440×900 and returns the list the page's uncaught errors are
 * collected in (a spec ends by expecting it empty).
 */
export async function openStudioOffline(page: Page): Promise<string[]> {
  await stayOffline(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  return errors;
}

/** Opens an example of the gallery at 1280×720, offline, and waits for its node `shown`. */
export async function openExample(page: Page, file: string, shown: string): Promise<void> {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: file, exact: true }).click();
  await expect(graphNode(page, shown)).toBeVisible();
}

/** Opens the ETL example at 1280×720, offline, as the keyboard specs start. */
export const openEtl = (page: Page): Promise<void> => openExample(page, 'etl-pipeline.toml', 'send_message');

/** Focuses a tool node and selects it with Enter, as a keyboard user does. */
export async function selectByKeyboard(page: Page, id: string): Promise<void> {
  await graphNode(page, id).focus();
  await page.keyboard.press('Enter');
  await expect(region(page, 'Inspector').getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(id);
}

/** Opens a guided walk-through from Examples: it opens in the presenter, at step 0 (returned). */
export async function openWalkthrough(page: Page, title: string): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: title, exact: true }).click();
  const stage = page.getByRole('dialog', { name: 'Presenter view' });
  await expect(stage).toBeVisible({ timeout: 20_000 });
  await expect(stage.getByText(/^Step 0 of \d+$/)).toBeVisible();
  return stage;
}

/** Presses → until the stage's counter reads `label` (`Step 1 of 9, decision 2 of 2`): a step of several decisions takes one press each. */
export async function forwardTo(page: Page, stage: Locator, label: RegExp): Promise<void> {
  const counter = stage.locator('.presenter-counter');
  for (let i = 0; i < 60 && !label.test((await counter.textContent()) ?? ''); i++) {
    const before = await counter.textContent();
    await page.keyboard.press('ArrowRight');
    await expect(counter).not.toHaveText(before ?? '');
  }
  await expect(counter).toHaveText(label);
}

/**
 * Waits until the stage camera holds still for three frames, and returns how many distinct
 * transforms it showed from the call on (1: it had already stopped; 2: it jumped once; more: it
 * glided). A move under reduced motion is a jump; otherwise it glides for 400 ms.
 */
export function cameraAtRest(stage: Locator): Promise<number> {
  return stage.getByRole('region', { name: 'Stage graph' }).evaluate(
    (root) =>
      new Promise<number>((resolve) => {
        const vp = root.querySelector('.react-flow__viewport');
        const seen = new Set<string>();
        let last = '';
        let still = 0;
        const end = performance.now() + 5_000;
        const tick = () => {
          const now = vp ? getComputedStyle(vp).transform : '';
          seen.add(now);
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 3 || performance.now() > end) resolve(seen.size);
          else requestAnimationFrame(tick);
        };
        tick();
      }),
  );
}

/** The presenter's stage graph: its nodes and edge labels not wholly inside its pane (ids, texts), and its smallest node text × zoom. */
export function stageGeometry(stage: Locator) {
  return stage.getByRole('region', { name: 'Stage graph' }).evaluate((root) => {
    const vp = root.querySelector('.react-flow__viewport');
    const zoom = vp ? new DOMMatrixReadOnly(getComputedStyle(vp).transform).a : NaN;
    const pane = (root.querySelector('.react-flow') as HTMLElement).getBoundingClientRect();
    const inside = (r: DOMRect) => r.left >= pane.left - 1 && r.right <= pane.right + 1 && r.top >= pane.top - 1 && r.bottom <= pane.bottom + 1;
    const nodes = [...root.querySelectorAll<HTMLElement>('.react-flow__node')];
    const labels = [...root.querySelectorAll<HTMLElement>('.rs-edge-label')];
    let smallest = Infinity;
    for (const el of root.querySelectorAll('.react-flow__node *')) {
      const own = [...el.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && (c.textContent ?? '').trim() !== '');
      if (own) smallest = Math.min(smallest, parseFloat(getComputedStyle(el).fontSize) * zoom);
    }
    return {
      allInside: nodes.length > 0 && nodes.every((n) => inside(n.getBoundingClientRect())),
      nodes: nodes.length,
      labels: labels.length,
      cut: [...nodes.filter((n) => !inside(n.getBoundingClientRect())).map((n) => n.dataset['id']), ...labels.filter((l) => !inside(l.getBoundingClientRect())).map((l) => l.textContent)],
      smallest,
    };
  });
}
