import type { Action } from './types.ts';

/** Project actions (New project, Import, Export, Copy share link, Examples): filled in by the persistence work. */
export const projectActions: Action[] = [];
