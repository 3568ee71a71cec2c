/** Whether the open project is saved in this browser, for the status bar (set by autosave). */
import { createStore } from 'zustand/vanilla';
import type { AutosaveStatus } from './autosave.ts';

export const saveStatusStore = createStore<{ status: AutosaveStatus }>()(() => ({ status: 'idle' }));

/** What the status bar says for a save status ('' when there is nothing to say yet). */
export function saveStatusText(s: AutosaveStatus): string {
  switch (s) {
    case 'pending':
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Saved in this browser';
    case 'conflict':
      return 'Not saved: another tab changed this project';
    case 'error':
      return 'Not saved';
    default:
      return '';
  }
}
