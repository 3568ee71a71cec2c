/**
 * Keyboard shortcuts read from the action registry. `Mod` is Ctrl, or Cmd on macOS. Pure, so
 * Vitest checks the matching without a browser.
 */
import type { Action } from '../actions/types.ts';

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Whether `event` is the combination `spec` (e.g. `Mod+Shift+Z`). */
export function matchesShortcut(spec: string, event: KeyLike, mac: boolean): boolean {
  const parts = spec.split('+');
  const key = parts.pop()?.toLowerCase();
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  const mod = mac ? event.metaKey : event.ctrlKey;
  const other = mac ? event.ctrlKey : event.metaKey;
  if (mods.has('mod') !== mod || other) return false;
  if (mods.has('shift') !== event.shiftKey || mods.has('alt') !== event.altKey) return false;
  return event.key.toLowerCase() === key;
}

/** The first action with a shortcut matching `event`. */
export function actionForKey(actions: readonly Action[], event: KeyLike, mac: boolean): Action | undefined {
  return actions.find((a) => a.shortcuts?.some((s) => matchesShortcut(s, event, mac)));
}

/** Shortcuts handled even while typing in a field: the Source editor handles its own undo, and
 * inputs keep the browser's; so none by default. */
export const EDITING_IDS = new Set(['undo', 'redo']);

/** A shortcut as shown to the user: `Ctrl+Shift+Z`, or `⌘⇧Z` on macOS. */
export function shortcutLabel(spec: string, mac: boolean): string {
  if (!mac) return spec.replace('Mod', 'Ctrl');
  return spec.replace('Mod+', '⌘').replace('Shift+', '⇧').replace('Alt+', '⌥');
}

/** Actions whose label contains every word of `query` (case-insensitive), best matches first. */
export function filterActions<A extends { label: string; detail?: string | undefined }>(actions: readonly A[], query: string): A[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...actions];
  const scored = actions
    .map((a) => {
      const label = (a.detail ? `${a.label} ${a.detail}` : a.label).toLowerCase();
      if (!words.every((w) => label.includes(w))) return undefined;
      return { a, score: label.startsWith(words[0]!) ? 0 : 1 };
    })
    .filter((x): x is { a: A; score: number } => x !== undefined);
  return scored.sort((x, y) => x.score - y.score).map((x) => x.a);
}

/** Whether the page runs on macOS (for Mod = Cmd). */
export function isMac(platform: string): boolean {
  return /mac|iphone|ipad/i.test(platform);
}
