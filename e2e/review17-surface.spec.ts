/**
 * review17's surface findings, each by its steps: help a first-time visitor finds (#10), a toolbar
 * that says why a button does not apply (s4) and a More menu without a command that cannot apply,
 * the walk-through's run and the editors' first open that show something true at once (#9), the
 * presenter and the simulator naming the same step (s3), wording (s5), the trace editor's dark theme
 * (s7), the presenter's landmarks and the poppers' (s8), and the gallery at 1440×900 (s10).
 */
import { readFileSync } from 'node:fs';
import { axeViolations } from './axe.ts';
import { expect, test, type Browser, type Locator, type Page } from './test.ts';
import { region, stayOffline, transitionsEnded } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

const WIDE = { width: 1440, height: 900 };

async function fresh(browser: Browser, scheme: 'light' | 'dark' = 'dark', viewport = WIDE): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme: scheme });
  const page = await context.newPage();
  await stayOffline(page);
  await page.goto('/');
  await expect(region(page, 'Graph')).toBeVisible();
  return page;
}

/** Every axe finding of the given rules (any impact), or the serious and critical ones of all rules. */
async function axeFindings(page: Page, opts: { rules?: string[]; include?: string } = {}): Promise<string[]> {
  await transitionsEnded(page);
  const violations = await axeViolations(page, opts.include ? { include: opts.include, rules: opts.rules } : { exclude: '.monaco-editor', rules: opts.rules });
  return violations
    .filter((v) => opts.rules !== undefined || v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`));
}

const LANDMARK_RULES = ['region', 'landmark-one-main', 'page-has-heading-one', 'landmark-no-duplicate-main', 'landmark-unique', 'landmark-main-is-top-level', 'heading-order'];

const openGallery = async (page: Page) => {
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  const gallery = page.getByRole('dialog', { name: 'Examples' });
  // The gallery's code arrives after its frame (a dialog of the same name that says it is loading).
  await expect(gallery.getByRole('tab', { name: 'Gallery' })).toBeVisible();
  return gallery;
};

test('#10: ? and F1 and the toolbar’s Help open how to start and every shortcut, read from the registry', async ({ browser }) => {
  const page = await fresh(browser);
  const help = page.getByRole('dialog', { name: 'Help' });
  // `?` from the page (Shift+/ on this keyboard)
  await page.locator('body').click({ position: { x: 700, y: 300 } });
  await page.keyboard.press('Shift+Slash');
  await expect(help).toBeVisible();
  await expect(help.getByRole('heading', { name: 'How to start' })).toBeVisible();
  await expect(help.getByRole('listitem').filter({ hasText: 'Bring your own files' })).toContainText('paste');
  await expect(help.getByRole('listitem').filter({ hasText: 'Bring your own files' })).toContainText('drop');
  await expect(help.getByRole('listitem').filter({ hasText: /^Run\./ })).toContainText('Ctrl+Enter');
  await expect(help.getByRole('listitem').filter({ hasText: /^Present\./ })).toContainText('Alt+3');
  // the sheet: rows of the registry, with their keys
  const row = (group: string, label: string) => help.getByRole('table', { name: group }).getByRole('row', { name: new RegExp(`^${label}`) });
  await expect(row('Edit', 'Undo')).toContainText('Ctrl+Z');
  await expect(row('Edit', 'Redo')).toContainText('Ctrl+Shift+Z');
  await expect(row('Edit', 'Redo')).toContainText('Ctrl+Y');
  await expect(row('Studio', 'Command palette')).toContainText('Ctrl+K');
  await expect(row('Studio', 'Help and keyboard shortcuts')).toContainText('F1');
  await expect(row('Presenter view', 'Next slide')).toContainText('Page Down');
  // no invented web address: the help links nowhere
  await expect(help.getByRole('link')).toHaveCount(0);
  await saveScreenshot(page, 'test-results/review17-help-dark-1440.png');
  expect(await axeFindings(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  // F1, and the toolbar's button (named, with its key in the tooltip)
  await page.keyboard.press('F1');
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  const button = page.getByRole('banner').getByRole('button', { name: 'Help', exact: true });
  await button.click();
  await expect(help).toBeVisible();
  // its first step opens the gallery
  await help.getByRole('button', { name: 'Open the examples' }).click();
  await expect(page.getByRole('dialog', { name: 'Examples' })).toBeVisible();
  await page.context().close();
});

test('#10, s4: the More menu leaves out Connect tool… when it cannot apply; disabled buttons say why, to the keyboard too', async ({ browser }) => {
  const page = await fresh(browser);
  const bar = page.getByRole('toolbar', { name: 'Rule Studio' });
  await bar.getByRole('button', { name: 'More', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'More' });
  await expect(menu.getByRole('menuitem', { name: 'New project' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Connect tool/ })).toHaveCount(0);
  // a popper is inside a landmark (s8), with the menu open
  expect(await axeFindings(page, { rules: ['region'] })).toEqual([]);
  await saveScreenshot(page, 'test-results/review17-more-menu-dark-1440.png');
  await page.keyboard.press('Escape');

  // Present with nothing open: focusable, disabled, and says why on focus
  const present = bar.getByRole('button', { name: 'Present', exact: true });
  await expect(present).toBeDisabled();
  await expect(present).not.toHaveAttribute('disabled');
  await bar.getByRole('button', { name: 'Design', exact: true }).focus();
  // Tab from the mode switch reaches Present
  for (let i = 0; i < 3 && !(await present.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(present).toBeFocused();
  await expect(page.getByRole('tooltip')).toContainText('Present: Open an example, import a file or draw an agent or a workflow first');
  expect(await axeFindings(page, { rules: ['region'] })).toEqual([]);
  // clicking it does nothing; the key says why
  await present.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Presenter view' })).toHaveCount(0);

  // a Pattern agent open, nothing selected: Add rule says to select a tool; Connect tool… is listed, greyed with the reason
  await (await openGallery(page)).getByRole('button', { name: 'etl-pipeline.toml', exact: true }).click();
  await expect(region(page, 'Graph').locator('.react-flow__node').first()).toBeVisible({ timeout: 20_000 });
  await page.locator('body').click({ position: { x: 700, y: 800 } });
  const addRule = bar.getByRole('button', { name: 'Add rule', exact: true });
  await expect(addRule).toBeDisabled();
  // Reached by the keyboard (Tab onto it from the button before it).
  await addRule.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(addRule).toBeFocused();
  await expect(page.getByRole('tooltip')).toContainText('Add rule: Select a tool first');
  await saveScreenshot(page, 'test-results/review17-toolbar-add-rule-dark-1440.png');
  await expect(present).toBeEnabled();
  await bar.getByRole('button', { name: 'More', exact: true }).click();
  const connect = menu.getByRole('menuitem', { name: /Connect tool/ });
  await expect(connect).toBeVisible();
  await expect(connect).toHaveAttribute('aria-disabled', 'true');
  await expect(connect).toHaveAttribute('title', /Select a tool/);
  await page.context().close();
});

test('#9, s3, s8: the walk-through says it is starting (not "0 decisions"), loads the stage meanwhile; both views name the same step', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await fresh(browser);
  const gallery = await openGallery(page);
  // every status line the run bar shows, when the run was done, and when the presenter's code was asked for
  let presenterAt: number | undefined;
  page.on('request', (r) => {
    if (presenterAt === undefined && /\/Presenter-[^/]*\.js$/.test(r.url())) presenterAt = Date.now();
  });
  await page.evaluate(() => {
    const w = window as unknown as { seen: string[]; doneAt?: number };
    w.seen = [];
    const look = () => {
      const s = [...document.querySelectorAll('.sim-status')].map((e) => e.textContent ?? '').join('|');
      if (s && w.seen.at(-1) !== s) w.seen.push(s);
      if (w.doneAt === undefined && /Done:/.test(s)) w.doneAt = Date.now();
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await gallery.getByRole('button', { name: /A Claude Code session under/ }).click();
  const stage = page.getByRole('dialog', { name: 'Presenter view' });
  await expect(stage.locator('.presenter-counter')).toHaveText(/^Step 0 of \d+$/, { timeout: 60_000 });
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen.filter((s) => /Running… 0 decisions/.test(s))).toEqual([]);
  const doneAt = await page.evaluate(() => (window as unknown as { doneAt?: number }).doneAt);
  expect(presenterAt, 'the presenter’s code was asked for').toBeDefined();
  expect(doneAt, 'the run bar said Done').toBeDefined();
  // asked for while the run ran (it was fetched only once the run had ended)
  expect(presenterAt!).toBeLessThanOrEqual(doneAt!);

  // s8: one h1, a main landmark, and no popper outside a landmark (a tooltip showing)
  await expect(stage.getByRole('heading', { level: 1 })).toHaveText(/Claude Code session/);
  await expect(stage.getByRole('main')).toBeVisible();
  await stage.getByRole('button', { name: 'Step forward', exact: true }).hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
  expect(await axeFindings(page, { rules: LANDMARK_RULES })).toEqual([]);

  // s3: three steps on, the stage names the simulator's step too, and the simulator shows that step
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(stage.locator('.presenter-counter')).toHaveText(/^Step 3 of 8/);
  const note = stage.locator('.presenter-trace-step');
  await expect(note).toHaveText(/^simulator step \d+ of 17$/);
  const [, simStep] = /simulator step (\d+) of/.exec((await note.textContent()) ?? '') ?? [];
  await saveScreenshot(page, 'test-results/review17-presenter-dark-1440.png');
  expect(await axeFindings(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(stage).toHaveCount(0);
  await expect(region(page, 'Simulation').getByText(`Step ${simStep} of 17`, { exact: true })).toBeVisible();
  await page.context().close();
});

test('#9: Source shows its text from the first frame the document is open, never a blank or a spinner', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await fresh(browser);
  const gallery = await openGallery(page);
  // what the Source pane shows, frame by frame, once the document is open, until Monaco has its lines
  const frames = page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const t0 = performance.now();
        const tick = () => {
          const open = document.querySelector('section[aria-label="Graph"] .react-flow__node') !== null;
          const pane = document.querySelector('section[aria-label="Source"]');
          const lines = pane?.querySelectorAll('.monaco-editor .view-line').length ?? 0;
          const fallback = pane?.querySelector('.source-fallback')?.textContent?.split('\n').length ?? 0;
          const spinner = pane?.querySelector('.ui-loading') ? ' spinner' : '';
          const state = !open ? 'not open' : lines > 1 ? 'editor' : fallback > 1 ? 'text' : `blank${spinner} (${lines} lines)`;
          if (seen.at(-1) !== state) seen.push(state);
          if (state === 'editor' || performance.now() - t0 > 45_000) resolve(seen);
          else requestAnimationFrame(tick);
        };
        tick();
      }),
  );
  await gallery.getByRole('button', { name: 'etl-pipeline.toml', exact: true }).click();
  const states = await frames;
  expect(states.filter((s) => s.startsWith('blank')), states.join(' → ')).toEqual([]);
  expect(states.at(-1)).toBe('editor');
  await page.context().close();
});

test('s5: Simulate mode by its name, a workflow’s heading, an import names the untitled project', async ({ browser }) => {
  const page = await fresh(browser, 'light', { width: 1280, height: 720 });
  const explorer = page.getByRole('navigation', { name: 'Project' });
  await expect(explorer).toContainText('Add recorded or scripted traces in Simulate mode.');
  await expect(page.getByText('Simulation tab')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Project' })).toHaveValue('Untitled project');
  // paste a rule file into the untitled project: it takes the name the import gives the file
  await page.locator('body').click({ position: { x: 700, y: 300 } });
  const text = readFileSync(new URL('../examples/codex-default.rules', import.meta.url), 'utf8');
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  const notice = page.getByText(/^Imported \S+\.rules\.$/).first();
  await expect(notice).toBeVisible({ timeout: 20_000 });
  const file = /^Imported (\S+)\.rules\.$/.exec((await notice.textContent()) ?? '')?.[1];
  await expect(page.getByRole('textbox', { name: 'Project' })).toHaveValue(file ?? 'a name');
  // a new workflow: its Inspector heading names the kind once
  await page.getByRole('button', { name: 'New workflow' }).first().click();
  await expect(page.getByRole('heading', { name: 'Workflow', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: /Workflow workflow/ })).toHaveCount(0);
  await page.context().close();
});

test('s7: the trace editor in dark is on the app’s dark surface and its tokens pass axe’s contrast', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await fresh(browser);
  await page.getByRole('button', { name: 'New workflow' }).first().click();
  await expect(region(page, 'Graph').locator('.react-flow__node').first()).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Alt+2');
  await page.getByRole('button', { name: 'New scripted trace' }).click();
  const editor = page.locator('.sim-trace-monaco .monaco-editor');
  await expect(editor.locator('.view-line').nth(3)).toBeVisible({ timeout: 30_000 });
  await expect(editor.locator('.mtk5, .mtk6, .mtk7, .mtk8').first()).toBeVisible();
  const colours = await page.evaluate(() => {
    const ed = document.querySelector('.sim-trace-monaco .monaco-editor .monaco-editor-background') ?? document.querySelector('.sim-trace-monaco .monaco-editor');
    const probe = document.createElement('div');
    probe.style.background = 'var(--bg)';
    document.body.append(probe);
    const app = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return { editor: ed ? getComputedStyle(ed).backgroundColor : '', app };
  });
  expect(colours.editor).toBe(colours.app);
  expect(colours.editor).not.toBe('rgb(30, 30, 30)');
  await saveScreenshot(page, 'test-results/review17-trace-editor-dark-1440.png');
  expect(await axeFindings(page, { include: '.sim-trace-monaco', rules: ['color-contrast'] })).toEqual([]);
  await page.context().close();
});

/** How many of an element's pixels stand apart from its own most common colour (by 3:1 contrast or more). */
async function contrastingPixels(page: Page, el: Locator): Promise<{ share: number }> {
  const png = (await el.screenshot()).toString('base64');
  return page.evaluate(async (b64) => {
    // an <img> (the page's CSP lets images, not fetch, read data: URLs)
    const bmp = new Image();
    bmp.src = `data:image/png;base64,${b64}`;
    await bmp.decode();
    const canvas = new OffscreenCanvas(bmp.width, bmp.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bmp, 0, 0);
    const { data } = ctx.getImageData(0, 0, bmp.width, bmp.height);
    const lum = (i: number) => {
      const c = [data[i]!, data[i + 1]!, data[i + 2]!].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const counts = new Map<number, number>();
    for (let i = 0; i < data.length; i += 4) {
      const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const bgKey = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const bgL = (() => {
      const c = [(bgKey >> 16) & 255, (bgKey >> 8) & 255, bgKey & 255].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    })();
    let apart = 0;
    for (let i = 0; i < data.length; i += 4) {
      const l = lum(i);
      const ratio = (Math.max(l, bgL) + 0.05) / (Math.min(l, bgL) + 0.05);
      if (ratio >= 3) apart++;
    }
    return { share: apart / (data.length / 4) };
  }, png);
}

test('s10: the gallery uses a 1440×900 screen: four walk-throughs in a row, none cut, thumbnails that read in dark', async ({ browser }) => {
  const page = await fresh(browser);
  const gallery = await openGallery(page);
  const box = (await gallery.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(WIDE.width * 0.8);
  expect(box.height).toBeGreaterThanOrEqual(WIDE.height * 0.8);
  const pane = gallery.locator('.gallery-pane').first();
  const cards = pane.getByRole('list', { name: 'Guided walk-throughs' }).locator('.gallery-card');
  await expect(cards).toHaveCount(4);
  const paneBox = (await pane.boundingBox())!;
  const tops = new Set<number>();
  for (const card of await cards.all()) {
    const b = (await card.boundingBox())!;
    tops.add(Math.round(b.y));
    expect(b.y + b.height, 'the card is not cut by the pane').toBeLessThanOrEqual(paneBox.y + paneBox.height + 1);
    const text = card.locator('.gallery-card-text');
    expect(await text.evaluate((el) => el.scrollHeight <= el.clientHeight + 1), 'its text is whole').toBe(true);
  }
  expect(tops.size, 'one row').toBe(1);
  // a thumbnail's lines and boxes stand apart from its background (they were near-invisible)
  const { share } = await contrastingPixels(page, cards.first().locator('.gallery-preview'));
  expect(share).toBeGreaterThan(0.02);
  await saveScreenshot(page, 'test-results/review17-gallery-dark-1440.png');
  expect(await axeFindings(page)).toEqual([]);
  await page.context().close();
});
