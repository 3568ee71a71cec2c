/**
 * The action registry (as in excalidraw): one definition per command, read by the toolbar, the
 * keyboard shortcuts and the command palette alike.
 */
import type { StudioStore } from '../state/store.ts';
import type { UiStore } from '../state/ui.ts';
import type { IconName } from '../components/ui/iconPaths.ts';

export interface ActionContext {
  store: StudioStore;
  ui: UiStore;
}

export interface Action {
  id: string;
  /** The label, which is also the accessible name of its toolbar button (e.g. `Undo`). */
  label: string;
  /** Shown in the toolbar when true (in its overflow menu with `overflow`). */
  toolbar?: boolean;
  /** In the toolbar's `More` menu rather than on the bar, so the bar fits one line at 1280 px. */
  overflow?: boolean;
  /** The toolbar shows only the icon (the label is its name and tooltip). */
  iconOnly?: boolean;
  /** Left off the bar while it does not apply (Add tool on a workflow). */
  hideWhenDisabled?: boolean;
  /**
   * On the bar only while this holds (by document kind, never by selection: a button that came and
   * went with the selection reflowed the whole toolbar).
   */
  shownWhen?(ctx: ActionContext): boolean;
  icon?: IconName;
  /** Key combinations, e.g. `Mod+Z` (Mod = Ctrl, or Cmd on macOS), `Mod+Shift+Z`. */
  shortcuts?: string[];
  /**
   * Its shortcut is left to the browser (Ctrl/Cmd+C, Ctrl/Cmd+V), which fires a copy or paste event
   * the studio answers with the clipboard's data, asking no permission; the palette runs it.
   */
  native?: boolean;
  /** Its shortcut works in text fields too (F6 leaves a field for the next region). */
  anywhere?: boolean;
  /** A short help text (tooltip and palette). */
  hint?: string;
  /** Other words the palette finds it by (`new tool` finds Add tool), never shown. */
  keywords?: string;
  enabled?(ctx: ActionContext): boolean;
  /** Why it does not apply while `enabled` is false, for the palette (e.g. `Nothing to undo`). */
  unavailable?: string;
  run(ctx: ActionContext): void | Promise<void>;
}
