import type { Action } from './types.ts';
import { projectActions } from './projectActions.ts';
import { editActions } from './editActions.ts';
import { graphActions } from './graphActions.ts';
import { convertActions } from './convertActions.ts';

/** Every action, in toolbar order. */
export const ALL_ACTIONS: readonly Action[] = [...projectActions, ...editActions, ...graphActions, ...convertActions];

export type { Action, ActionContext } from './types.ts';
