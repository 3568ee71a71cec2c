/** Whether the app shows its dark theme: the user's choice, or the OS preference for `system`. */
import { useSyncExternalStore } from 'react';
import { useUi } from '../state/uiContext.tsx';

const QUERY = '(prefers-color-scheme: dark)';

const subscribe = (onChange: () => void) => {
  if (typeof matchMedia !== 'function') return () => {};
  const mq = matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};
const osPrefersDark = () => typeof matchMedia === 'function' && matchMedia(QUERY).matches;

/** True when the app is dark (follows `ui.theme` and, for `system`, prefers-color-scheme live). */
export function useDarkTheme(): boolean {
  const choice = useUi((s) => s.theme);
  const os = useSyncExternalStore(subscribe, osPrefersDark, () => false);
  return choice === 'dark' || (choice === 'system' && os);
}
