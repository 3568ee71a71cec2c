/** The presenter view's keys, as a pure mapping (tested without a browser). */
export type StageTheme = 'light' | 'dark' | 'contrast';
export type StageAction = 'next' | 'prev' | 'first' | 'last' | 'exit';

/**
 * What a key does on stage: → / Space / PageDown forward (clickers send PageDown), ← / PageUp back,
 * Home / End to the ends, Escape leaves. Space on a focused button presses the button instead.
 */
export function stageKey(key: string, onButton: boolean): StageAction | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'PageDown':
      return 'next';
    case ' ':
      return onButton ? undefined : 'next';
    case 'ArrowLeft':
    case 'PageUp':
      return 'prev';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case 'Escape':
      return 'exit';
    default:
      return undefined;
  }
}
