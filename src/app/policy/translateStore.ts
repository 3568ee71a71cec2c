/**
 * Whether the Policy view's Translate panel is open, and for which dialect's policy: its button
 * and the command palette's "Translate policy to…" open it. Kept apart from the panel (and the
 * core's translations) so the palette's action costs the first load nothing.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { RuleDoc } from '../state/documents.ts';

export type PolicyDialectId = 'claude' | 'codex' | 'gemini';

export const translateStore = createStore<{ from?: PolicyDialectId }>()(() => ({}));

/** True while the panel is open for dialect `id`. */
export const useTranslateOpen = (id: PolicyDialectId): boolean => useStore(translateStore, (s) => s.from === id);

/** The permission dialect of a document (`undefined`: not a permission policy). */
export function dialectOfDoc(doc: RuleDoc | undefined): PolicyDialectId | undefined {
  const f = doc?.kind === 'agent' ? doc.agent.family : undefined;
  return f === 'claude' || f === 'codex' || f === 'gemini' ? f : undefined;
}
