/** The presenter view's keys, as a pure mapping (tested without a browser). */
export type StageTheme = 'light' | 'dark' | 'contrast';
export type StageAction = 'next' | 'prev' | 'first' | 'last' | 'exit';

/**
 * What a key does on stage: → / Space / PageDown forward (clickers send PageDown), ← / PageUp back,
 * Home / End to the ends, Escape leaves. Space on a focused button presses the button instead.
 */
export function stageKey(key: string, onButton: boolean): StageAction | undefined {
  if (key === ' ' && onButton) return undefined;
  return STAGE_KEYS.find((k) => k.key === key)?.action;
}

/** Every key of the stage, in the order the help sheet lists them, with its name as shown. */
export const STAGE_KEYS: readonly { key: string; shown: string; action: StageAction }[] = [
  { key: 'ArrowRight', shown: '→', action: 'next' },
  { key: ' ', shown: 'Space', action: 'next' },
  { key: 'PageDown', shown: 'Page Down', action: 'next' },
  { key: 'ArrowLeft', shown: '←', action: 'prev' },
  { key: 'PageUp', shown: 'Page Up', action: 'prev' },
  { key: 'Home', shown: 'Home', action: 'first' },
  { key: 'End', shown: 'End', action: 'last' },
  { key: 'Escape', shown: 'Esc', action: 'exit' },
];

/** What each stage action does, for the help sheet. */
export const STAGE_ACTION_LABELS: Readonly<Record<StageAction, string>> = {
  next: 'Next slide (a step’s decisions one by one)',
  prev: 'Previous slide',
  first: 'Before the first step',
  last: 'Last step',
  exit: 'Leave the presenter view',
};
