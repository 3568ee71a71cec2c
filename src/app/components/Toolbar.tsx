/**
 * The toolbar: the registry's toolbar actions in groups (project, edit, graph), each button named
 * by its action label, plus the theme switch and the command palette. Also installs the global
 * keyboard shortcuts.
 */
import { useMemo } from 'react';
import { ALL_ACTIONS } from '../actions/index.ts';
import type { Action } from '../actions/types.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { useUi, useUiStore } from '../state/uiContext.tsx';
import type { ThemeChoice } from '../state/ui.ts';
import { projectActions } from '../actions/projectActions.ts';
import { editActions } from '../actions/editActions.ts';
import { graphActions } from '../actions/graphActions.ts';
import { isMac, shortcutLabel } from './shortcuts.ts';
import { useShortcuts } from './useShortcuts.ts';
import './toolbar.css';

const GROUPS: { label: string; actions: readonly Action[] }[] = [
  { label: 'Project', actions: projectActions },
  { label: 'Edit', actions: editActions },
  { label: 'Graph', actions: graphActions },
];

export function Toolbar() {
  const store = useStudioStore();
  const ui = useUiStore();
  // Re-render when the project, selection or history changes so `enabled` stays current.
  useStudio((s) => s.project);
  useStudio((s) => s.history);
  useStudio((s) => s.selection);
  const theme = useUi((s) => s.theme);
  const ctx = useMemo(() => ({ store, ui }), [store, ui]);
  useShortcuts(ctx);
  const mac = typeof navigator !== 'undefined' && isMac(navigator.platform || navigator.userAgent);
  const known = new Set(GROUPS.flatMap((g) => g.actions));
  const others = ALL_ACTIONS.filter((a) => !known.has(a));
  const groups = others.length > 0 ? [...GROUPS, { label: 'More', actions: others }] : GROUPS;
  return (
    <header className="toolbar" role="toolbar" aria-label="Rule Studio">
      <span className="brand">Rule Studio</span>
      {groups.map((g) => {
        const shown = g.actions.filter((a) => a.toolbar);
        if (shown.length === 0) return null;
        return (
          <div key={g.label} className="toolbar-group" role="group" aria-label={g.label}>
            {shown.map((a) => (
              <button
                key={a.id}
                type="button"
                title={[a.hint, a.shortcuts?.[0] ? `(${shortcutLabel(a.shortcuts[0], mac)})` : ''].filter(Boolean).join(' ')}
                disabled={a.enabled ? !a.enabled(ctx) : false}
                onClick={() => void a.run(ctx)}
              >
                {a.label}
              </button>
            ))}
          </div>
        );
      })}
      <span className="toolbar-spacer" />
      <button type="button" className="toolbar-palette" title={`Command palette (${shortcutLabel('Mod+K', mac)})`} onClick={() => ui.getState().openDialog('palette')}>
        Commands
      </button>
      <label className="toolbar-theme">
        <span>Theme</span>
        <select value={theme} onChange={(e) => ui.getState().setTheme(e.target.value as ThemeChoice)}>
          <option value="system">System</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
    </header>
  );
}
