import type { Action } from './types.ts';
import { projectActions } from './projectActions.ts';
import { editActions } from './editActions.ts';
import { graphActions } from './graphActions.ts';
import { convertActions } from './convertActions.ts';
import { workspaceActions } from './workspaceActions.ts';
import { focusActions } from './focusActions.ts';
import { selectionActions } from './selectionActions.ts';
import { clipboardActions } from './clipboardActions.ts';

/** Every action, in toolbar order (the workspace commands have no button of the registry's). */
export const ALL_ACTIONS: readonly Action[] = [...projectActions, ...editActions, ...graphActions, ...convertActions, ...workspaceActions, ...selectionActions, ...clipboardActions, ...focusActions];

export type { Action, ActionContext } from './types.ts';
