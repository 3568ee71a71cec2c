import type { Action } from './types.ts';

export const editActions: Action[] = [
  {
    id: 'undo',
    icon: 'undo',
    iconOnly: true,
    label: 'Undo',
    toolbar: true,
    shortcuts: ['Mod+Z'],
    hint: 'Undo the last edit (graph or text)',
    unavailable: 'Nothing to undo',
    enabled: ({ store }) => store.getState().history.past.length > 0,
    run: ({ store }) => store.getState().undo(),
  },
  {
    id: 'redo',
    icon: 'redo',
    iconOnly: true,
    label: 'Redo',
    toolbar: true,
    shortcuts: ['Mod+Shift+Z', 'Mod+Y'],
    hint: 'Redo the last undone edit',
    unavailable: 'Nothing to redo',
    enabled: ({ store }) => store.getState().history.future.length > 0,
    run: ({ store }) => store.getState().redo(),
  },
];
