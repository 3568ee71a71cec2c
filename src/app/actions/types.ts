/**
 * The action registry (as in excalidraw): one definition per command, read by the toolbar, the
 * keyboard shortcuts and the command palette alike.
 */
import type { StudioStore } from '../state/store.ts';
import type { UiStore } from '../state/ui.ts';

export interface ActionContext {
  store: StudioStore;
  ui: UiStore;
}

export interface Action {
  id: string;
  /** The label, which is also the accessible name of its toolbar button (e.g. `Undo`). */
  label: string;
  /** Shown in the toolbar when true. */
  toolbar?: boolean;
  /** Key combinations, e.g. `Mod+Z` (Mod = Ctrl, or Cmd on macOS), `Mod+Shift+Z`. */
  shortcuts?: string[];
  /** A short help text (tooltip and palette). */
  hint?: string;
  enabled?(ctx: ActionContext): boolean;
  run(ctx: ActionContext): void | Promise<void>;
}
