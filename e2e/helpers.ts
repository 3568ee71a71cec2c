/** Helpers the end-to-end specs share: locating regions and graph nodes, dragging, editing Source. */
import type { Page } from '@playwright/test';

export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
export const graphNode = (page: Page, id: string) => region(page, 'Graph').locator(`.react-flow__node[data-id="${id}"]`);

/** Drags from one tool's source handle to another's target handle (draws an ordering edge). */
export async function dragEdge(page: Page, from: string, to: string): Promise<void> {
  const a = await graphNode(page, from).locator('.react-flow__handle.source').boundingBox();
  const b = await graphNode(page, to).locator('.react-flow__handle.target').boundingBox();
  if (!a || !b) throw new Error('handle not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Replaces the whole Source editor content by a paste (typing would auto-close brackets and quotes). */
export async function setSource(page: Page, text: string): Promise<void> {
  const source = region(page, 'Source');
  await source.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await source.locator('.monaco-editor textarea').evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Fails the test on any request that leaves this machine (the studio never needs the network). */
export async function stayOffline(page: Page): Promise<void> {
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue();
    throw new Error(`request left localhost: ${url.href}`);
  });
}

/** Imports files through the toolbar's Import button and the file chooser. */
export async function importPaths(page: Page, paths: string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  await (await chooser).setFiles(paths);
}
