/** A studio with one example opened in Design mode and laid out, for the clipboard tests (copy, paste, cut). */
import { readFileSync } from 'node:fs';
import { layoutOf } from '../../src/app/graph/docGraph.ts';
import { activeDoc, createStudioStore } from '../../src/app/state/store.ts';
import { createUiStore } from '../../src/app/state/ui.ts';

/** The studio with `examples/<file>` imported, its nodes placed, and the action context over it. */
export function exampleStudio(file: string) {
  const store = createStudioStore(undefined, () => 0);
  const ui = createUiStore();
  ui.getState().setMode('design');
  store.getState().importFile(file, readFileSync(`examples/${file}`, 'utf8'));
  const doc = activeDoc(store.getState())!;
  store.getState().placeNodes(doc.id, layoutOf(doc));
  return { store, ui, ctx: { store, ui } };
}
