/**
 * The help dialog's keyboard sheet, read from the registries the keys are handled by (the action
 * registry, the palette's keys, the presenter's stage keys), so it never drifts from what the keys
 * do. Pure, so Vitest checks it without a browser.
 */
import type { Action } from '../actions/types.ts';
import { projectActions } from '../actions/projectActions.ts';
import { editActions } from '../actions/editActions.ts';
import { graphActions } from '../actions/graphActions.ts';
import { convertActions } from '../actions/convertActions.ts';
import { workspaceActions } from '../actions/workspaceActions.ts';
import { selectionActions } from '../actions/selectionActions.ts';
import { clipboardActions } from '../actions/clipboardActions.ts';
import { focusActions } from '../actions/focusActions.ts';
import { PALETTE_SHORTCUTS, shortcutLabel } from './shortcuts.ts';
import { STAGE_ACTION_LABELS, STAGE_KEYS, type StageAction } from '../presenter/stageKeys.ts';

export interface SheetRow {
  id: string;
  label: string;
  keys: string[];
  hint?: string;
}

export interface SheetGroup {
  label: string;
  rows: SheetRow[];
}

/** The action registry's parts, by the heading the sheet gives them (ALL_ACTIONS is their concatenation). */
export const ACTION_GROUPS: readonly { label: string; actions: readonly Action[] }[] = [
  { label: 'Studio', actions: workspaceActions },
  { label: 'Project', actions: projectActions },
  { label: 'Edit', actions: [...editActions, ...clipboardActions, ...selectionActions] },
  { label: 'Graph', actions: graphActions },
  { label: 'Convert', actions: convertActions },
  { label: 'Move around', actions: focusActions },
];

/** The sheet: every action with a key, in its group; the palette's keys first; the presenter's keys last. */
export function shortcutSheet(mac: boolean, groups: readonly { label: string; actions: readonly Action[] }[] = ACTION_GROUPS): SheetGroup[] {
  const label = (k: string) => shortcutLabel(k, mac);
  const studio: SheetRow = { id: 'palette', label: 'Command palette: find any command by name', keys: PALETTE_SHORTCUTS.map(label) };
  const sheet = groups
    .map((g, i) => ({
      label: g.label,
      rows: [
        ...(i === 0 ? [studio] : []),
        ...g.actions.filter((a) => (a.shortcuts?.length ?? 0) > 0).map((a) => ({ id: a.id, label: a.label, keys: (a.shortcuts ?? []).map(label), ...(a.hint ? { hint: a.hint } : {}) })),
      ],
    }))
    .filter((g) => g.rows.length > 0);
  const stage = new Map<StageAction, string[]>();
  for (const k of STAGE_KEYS) stage.set(k.action, [...(stage.get(k.action) ?? []), k.shown]);
  sheet.push({ label: 'Presenter view', rows: [...stage].map(([action, keys]) => ({ id: `stage-${action}`, label: STAGE_ACTION_LABELS[action], keys })) });
  return sheet;
}

/** The keys of an action as shown (its first), for the help's how-to-start text. */
export function keysOf(id: string, mac: boolean, groups: readonly { label: string; actions: readonly Action[] }[] = ACTION_GROUPS): string | undefined {
  const key = groups.flatMap((g) => g.actions).find((a) => a.id === id)?.shortcuts?.[0];
  return key ? shortcutLabel(key, mac) : undefined;
}
