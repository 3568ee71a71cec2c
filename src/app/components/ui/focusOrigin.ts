/**
 * Whether the focus a widget just received was moved there by the user's keyboard navigation (Tab,
 * the arrow keys of a toolbar or list, F6 between regions) rather than by the page (focus handed
 * back to a button when its dialog or view closes, an autofocus). A tooltip opens on the first
 * kind only: VS Code and Linear show none on the button a closed dialog returns to, and a
 * presenter left with Escape kept "Present" explained over the toolbar (the focus went back to it).
 */
const NAVIGATION_KEYS = new Set(['Tab', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown', 'F6']);

/** How long after a navigation key a focus still counts as its result (its handler may defer it a frame). */
const NAVIGATION_MS = 500;

let lastNavigation = -Infinity;

/** Listens for navigation keys and pointer presses on `win` (done once, when this module loads in a page). */
export function watchFocusOrigin(win: Window): void {
  win.addEventListener(
    'keydown',
    (e) => {
      lastNavigation = NAVIGATION_KEYS.has(e.key) ? e.timeStamp : -Infinity;
    },
    { capture: true },
  );
  // A pointer press ends a navigation: the focus it moves is the pointer's, which shows no tooltip by focus.
  win.addEventListener('pointerdown', () => (lastNavigation = -Infinity), { capture: true });
}

/** Whether a focus event at `timeStamp` follows a navigation key closely enough to be its result. */
export function focusFromNavigation(timeStamp: number): boolean {
  return timeStamp - lastNavigation <= NAVIGATION_MS;
}

if (typeof window !== 'undefined') watchFocusOrigin(window);
