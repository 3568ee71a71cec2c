import type { Action } from './types.ts';

/** Graph actions (Auto layout, Add tool, Add rule, Add phase): filled in by the canvas work. */
export const graphActions: Action[] = [];
