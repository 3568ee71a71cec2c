import type { Action } from './types.ts';
import { projectActions } from './projectActions.ts';
import { editActions } from './editActions.ts';
import { graphActions } from './graphActions.ts';

/** Every action, in toolbar order. */
export const ALL_ACTIONS: readonly Action[] = [...projectActions, ...editActions, ...graphActions];

export type { Action, ActionContext } from './types.ts';
