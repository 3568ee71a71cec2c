/**
 * The workspace layout a user chose (mode, collapsed panels, open tabs), remembered across reloads
 * in localStorage. Storage that is missing, full or holding junk gives the defaults.
 */
export type Mode = 'design' | 'simulate';

export interface WorkspaceLayout {
  mode: Mode;
  /** Panels folded to a rail, by name (`explorer`, `inspector`, `bottom`, `sim-explorer`, `simulator`). */
  collapsed: Readonly<Record<string, boolean>>;
}

const KEY = 'rule-studio:workspace';

/**
 * How the studio starts: Design, with the bottom panel folded to its bar (the graph gets the room:
 * at 1280×720 the open panel left the canvas ~390 px) and Simulate's explorer folded.
 */
export const DEFAULT_LAYOUT: WorkspaceLayout = { mode: 'design', collapsed: { 'sim-explorer': true, bottom: true } };

/** Reads a stored layout; anything unexpected falls back to the default, field by field. */
export function parseLayout(raw: string | null): WorkspaceLayout {
  if (raw === null) return DEFAULT_LAYOUT;
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return DEFAULT_LAYOUT;
    const o = v as Record<string, unknown>;
    const mode: Mode = o.mode === 'simulate' ? 'simulate' : 'design';
    const collapsed: Record<string, boolean> = { ...DEFAULT_LAYOUT.collapsed };
    if (typeof o.collapsed === 'object' && o.collapsed !== null) {
      for (const [k, b] of Object.entries(o.collapsed)) if (typeof b === 'boolean') collapsed[k] = b;
    }
    return { mode, collapsed };
  } catch {
    return DEFAULT_LAYOUT;
  }
}

export function loadLayout(): WorkspaceLayout {
  try {
    return parseLayout(localStorage.getItem(KEY));
  } catch {
    return DEFAULT_LAYOUT;
  }
}

export function saveLayout(layout: WorkspaceLayout): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(layout));
  } catch {
    // storage unavailable: the layout lasts for this page only
  }
}

/**
 * The simulator's width until the user drags it: 45 % of the window (576 px at 1280, which leaves
 * the graph 668 px, room for a four-layer chain at the readable zoom; 648 at 1440), within the
 * width its two columns need (the side column's four tabs included) and a cap.
 */
export function simulatorWidth(windowWidth: number): number {
  return Math.min(760, Math.max(560, Math.round(windowWidth * 0.45)));
}
