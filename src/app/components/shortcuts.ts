/**
 * Keyboard shortcuts read from the action registry. `Mod` is Ctrl, or Cmd on macOS. Pure, so
 * Vitest checks the matching without a browser.
 */
import type { Action, ActionContext } from '../actions/types.ts';

export interface KeyLike {
  key: string;
  /** The physical key (`Digit1`), for digits with Shift: `Shift+1` types `!` on a US keyboard. */
  code?: string;
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
  // A symbol (`?`) is the character typed, whatever Shift it took on the keyboard's layout.
  const symbol = key !== undefined && key.length === 1 && !/[a-z0-9]/.test(key) && !mods.has('shift');
  if ((!symbol && mods.has('shift') !== event.shiftKey) || mods.has('alt') !== event.altKey) return false;
  return event.key.toLowerCase() === key || (key !== undefined && /^\d$/.test(key) && event.code === `Digit${key}`);
}

/** The first action with a shortcut matching `event`. */
export function actionForKey(actions: readonly Action[], event: KeyLike, mac: boolean, ctx?: ActionContext): Action | undefined {
  const bound = actions.filter((a) => a.shortcuts?.some((s) => matchesShortcut(s, event, mac)));
  // Two actions may share a key while only one applies (Save to files and Export, on Mod+S); when
  // none does, the one shown for the open document says why (C: Connect phase… on a workflow).
  return (ctx ? (bound.find((a) => !a.enabled || a.enabled(ctx)) ?? bound.find((a) => a.shownWhen?.(ctx) === true)) : undefined) ?? bound[0];
}

/** The command palette's keys (caught before any widget, see useShortcuts.ts). */
export const PALETTE_SHORTCUTS: readonly string[] = ['Mod+K', 'Mod+Shift+P'];

/** Shortcuts handled even while typing in a field: the Source editor handles its own undo, and
 * inputs keep the browser's; so none by default. */
export const EDITING_IDS = new Set(['undo', 'redo']);

const KEY_NAMES: Record<string, string> = { ArrowRight: '→', ArrowLeft: '←', ArrowUp: '↑', ArrowDown: '↓', Enter: 'Enter' };

/** A shortcut as shown to the user: `Ctrl+Shift+Z`, or `⌘⇧Z` on macOS; arrows as `→`. */
export function shortcutLabel(spec: string, mac: boolean): string {
  const named = spec.replace(/Arrow(Right|Left|Up|Down)$/, (k) => KEY_NAMES[k] ?? k);
  if (!mac) return named.replace('Mod', 'Ctrl');
  return named.replace('Mod+', '⌘').replace('Shift+', '⇧').replace('Alt+', '⌥');
}

const leftToShortcuts = new WeakSet<Event>();

/**
 * A widget declines a key it would act on, for the studio's shortcuts: its default is prevented (so
 * a Radix primitive skips its own handler) and the global shortcuts still take it. A Select's
 * trigger opens on Enter whatever the modifiers, so Ctrl+Enter (Run) opened the list instead.
 */
export function leaveToShortcuts(e: { preventDefault(): void; nativeEvent: Event }): void {
  e.preventDefault();
  leftToShortcuts.add(e.nativeEvent);
}

/** Whether a prevented key event was only declined by its widget ({@link leaveToShortcuts}). */
export const isLeftToShortcuts = (e: Event): boolean => leftToShortcuts.has(e);

/**
 * Whether a focused widget uses the arrow keys itself (a slider, a list, menu, tab list, grid or
 * tree, a range input): arrow shortcuts are left to it.
 */
export function ownsArrowKeys(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  if (el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'range') return true;
  return el.closest('[role="slider"],[role="listbox"],[role="menu"],[role="menubar"],[role="tablist"],[role="grid"],[role="tree"],[role="radiogroup"],[role="toolbar"],.react-flow__node') !== null;
}

/**
 * Whether a focused widget finds its items by typing (a list box, a menu, an open select, a tree, a
 * combobox): one-letter shortcuts (T, C) are left to its type-ahead.
 */
export function ownsTypeahead(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return el.closest('[role="listbox"],[role="menu"],[role="menubar"],[role="tree"],[role="combobox"],[role="option"],[role="menuitem"]') !== null;
}

/**
 * Actions whose label (or keywords) contain every word of `query` (case-insensitive), best matches
 * first: the label starting with the first word, then the label holding every word, then a match by
 * keywords only. `unavailable` marks actions that cannot run now: they follow the available ones
 * of the same rank, never a worse match, so Enter never runs a keyword match in place of the
 * command the user named (typing "Policy" with no permission file open picked "Maximise bottom
 * panel", found by its keywords, over the unavailable "Policy").
 */
export function filterActions<A extends { label: string; detail?: string | undefined; keywords?: string | undefined }>(actions: readonly A[], query: string, unavailable: (a: A) => boolean = () => false): A[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const scored = actions
    .map((a) => {
      const rank = unavailable(a) ? 1 : 0;
      if (words.length === 0) return { a, score: rank };
      const label = (a.detail ? `${a.label} ${a.detail}` : a.label).toLowerCase();
      const all = a.keywords ? `${label} ${a.keywords.toLowerCase()}` : label;
      if (!words.every((w) => all.includes(w))) return undefined;
      const match = label.startsWith(words[0]!) ? 0 : words.every((w) => label.includes(w)) ? 1 : 2;
      return { a, score: match * 2 + rank };
    })
    .filter((x): x is { a: A; score: number } => x !== undefined);
  return scored.sort((x, y) => x.score - y.score).map((x) => x.a);
}

/** Whether the page runs on macOS (for Mod = Cmd). */
export function isMac(platform: string): boolean {
  return /mac|iphone|ipad/i.test(platform);
}
