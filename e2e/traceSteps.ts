/** The steps review16 took in Simulate's trace editor, shared by the `trace-*` specs. */
import { expect, type Locator, type Page } from '@playwright/test';
import { openEtl, pasteOver, region } from './helpers.ts';

export const sim = (page: Page): Locator => region(page, 'Simulation');
export const editorOf = (page: Page): Locator => sim(page).locator('.sim-trace-monaco .monaco-editor');

/** Opens the ETL example (1280×720), Simulate, Setup, and New scripted trace; resolves once its editor shows. */
export async function newScriptedTrace(page: Page): Promise<Locator> {
  await openEtl(page);
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await sim(page).getByRole('tab', { name: /^Setup/ }).click();
  await sim(page).getByRole('button', { name: 'New scripted trace', exact: true }).click();
  const editor = editorOf(page);
  await expect(editor.locator('.view-lines')).toContainText('steps:', { timeout: 30_000 });
  return editor;
}

/** Replaces the trace editor's text as a paste does (the review pasted with Ctrl+V). */
export async function pasteTrace(page: Page, text: string): Promise<void> {
  const editor = editorOf(page);
  await pasteOver(page, editor, text);
  const last = text.trimEnd().split('\n').pop()?.trim() ?? '';
  await expect(editor.locator('.view-lines')).toContainText(last);
}

/** The runs' status line of the run bar. */
export const runStatus = (page: Page): Locator => sim(page).locator('.sim-status');
