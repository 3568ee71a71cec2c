/** Moving between the studio's regions by keyboard: F6 and Shift+F6 (see regions.ts). */
import type { Action } from './types.ts';
import { cycleRegion } from '../components/regions.ts';

export const focusActions: Action[] = [
  {
    id: 'next-region',
    label: 'Focus next region',
    keywords: 'skip jump panel graph inspector toolbar',
    shortcuts: ['F6'],
    anywhere: true,
    hint: 'Toolbar → explorer → graph → inspector → bottom panel',
    run: () => cycleRegion(1),
  },
  {
    id: 'previous-region',
    label: 'Focus previous region',
    keywords: 'skip jump panel graph inspector toolbar',
    shortcuts: ['Shift+F6'],
    anywhere: true,
    hint: 'Bottom panel → inspector → graph → explorer → toolbar',
    run: () => cycleRegion(-1),
  },
];
