/**
 * The toolbar, one line at 1280 px: the studio's name, the mode switch (Design / Simulate) and
 * Present, the registry's toolbar actions in groups (icons with labels or tooltips), the command
 * palette, the theme, and a `More` menu for the actions marked `overflow`. Also installs the
 * global keyboard shortcuts.
 */
import { useEffect, useMemo, useRef } from 'react';
import { ALL_ACTIONS } from '../actions/index.ts';
import type { Action, ActionContext } from '../actions/types.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { useUi, useUiStore } from '../state/uiContext.tsx';
import type { ThemeChoice } from '../state/ui.ts';
import { projectActions } from '../actions/projectActions.ts';
import { editActions } from '../actions/editActions.ts';
import { graphActions } from '../actions/graphActions.ts';
import { isMac, shortcutLabel } from './shortcuts.ts';
import { useShortcuts } from './useShortcuts.ts';
import { keepFocus } from './focusKeeper.ts';
import { trackRegions } from './regions.ts';
import { keepGraphTabOrder } from '../graph/tabOrder.ts';
import { Button } from './ui/Button.tsx';
import { MenuButton } from './ui/MenuButton.tsx';
import { Select } from './ui/Select.tsx';
import { Icon } from './ui/Icon.tsx';
import { ModeSwitch } from '../workspace/ModeSwitch.tsx';
import { foldLevelOf, useToolbarFit } from './useToolbarFit.ts';
import './toolbar.css';

const THEME_OPTIONS = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

const GROUPS: { label: string; actions: readonly Action[] }[] = [
  { label: 'Project', actions: projectActions },
  { label: 'Edit', actions: editActions },
  { label: 'Graph', actions: graphActions },
];

const enabledIn = (a: Action, ctx: ActionContext) => (a.enabled ? a.enabled(ctx) : true);

export function Toolbar() {
  const store = useStudioStore();
  const ui = useUiStore();
  // Re-render when the project, selection or history changes so `enabled` stays current.
  useStudio((s) => s.project);
  useStudio((s) => s.history);
  useStudio((s) => s.selection);
  const theme = useUi((s) => s.theme);
  // Re-rendered on a mode switch: some actions are on the bar in Design only (shownWhen).
  useUi((s) => s.mode);
  const ctx = useMemo(() => ({ store, ui }), [store, ui]);
  useShortcuts(ctx);
  // Focus never drops to the page after a graph action (focusKeeper.ts); F6 knows where it was.
  useEffect(() => {
    trackRegions();
    const stopTab = keepGraphTabOrder();
    const stopKeep = keepFocus(store, ui);
    return () => {
      stopTab();
      stopKeep();
    };
  }, [store, ui]);
  const mac = typeof navigator !== 'undefined' && isMac(navigator.platform || navigator.userAgent);
  const keysOf = (a: Action) => (a.shortcuts?.[0] ? shortcutLabel(a.shortcuts[0], mac) : undefined);
  const known = new Set(GROUPS.flatMap((g) => g.actions));
  const others = ALL_ACTIONS.filter((a) => !known.has(a));
  const groups = others.length > 0 ? [...GROUPS, { label: 'More actions', actions: others }] : GROUPS;
  // A menu item that cannot apply to what is open (Connect tool… with no Pattern agent) is left out,
  // as its button would be left off the bar; one that applies later says why it is greyed.
  const overflow = ALL_ACTIONS.filter((a) => a.toolbar && a.overflow && (a.shownWhen ? a.shownWhen(ctx) : !(a.hideWhenDisabled && !enabledIn(a, ctx))));
  const shownOf = (g: { actions: readonly Action[] }) => g.actions.filter((a) => a.toolbar && !a.overflow && !(a.hideWhenDisabled && !enabledIn(a, ctx)) && (!a.shownWhen || a.shownWhen(ctx)));
  const bar = useRef<HTMLDivElement>(null);
  const fit = useToolbarFit(bar, groups.flatMap((g) => shownOf(g).map((a) => a.id)).join());
  return (
    // The banner landmark holds the toolbar: a header may not itself take the toolbar role.
    <header className="app-bar">
      <div ref={bar} className="toolbar" role="toolbar" aria-label="Rule Studio" data-fit={fit}>
        <h1 className="brand">Rule Studio</h1>
        <ModeSwitch foldPresent={fit >= foldLevelOf('present')} />
        {groups.map((g) => {
          const shown = shownOf(g);
          if (shown.length === 0) return null;
          return (
            <div key={g.label} className="toolbar-group" role="group" aria-label={g.label}>
              {shown.map((a) => {
                const keys = keysOf(a);
                return (
                  <Button
                    key={a.id}
                    variant="ghost"
                    label={a.label}
                    {...(a.icon ? { icon: a.icon } : {})}
                    iconOnly={a.iconOnly === true || fit >= foldLevelOf(a.id)}
                    title={a.hint ?? a.label}
                    {...(keys ? { shortcut: keys } : {})}
                    disabled={!enabledIn(a, ctx)}
                    unavailable={a.unavailable}
                    onClick={() => void a.run(ctx)}
                  />
                );
              })}
            </div>
          );
        })}
        <span className="toolbar-spacer" />
        <Button variant="ghost" className="toolbar-palette" icon="search" label="Commands" iconOnly={fit >= 1} title="Search commands" shortcut={shortcutLabel('Mod+K', mac)} onClick={() => ui.getState().openDialog('palette')}>
          {fit >= 1 ? null : <kbd>{shortcutLabel('Mod+K', mac)}</kbd>}
        </Button>
        <Button variant="ghost" className="toolbar-help" icon="help" label="Help" iconOnly title="Help and keyboard shortcuts" shortcut="?" onClick={() => ui.getState().openDialog('help')} />
        <span className="toolbar-theme">
          <Icon name="theme" />
          <Select aria-label="Theme" size="sm" value={theme} onChange={(v) => ui.getState().setTheme(v as ThemeChoice)} options={THEME_OPTIONS} />
        </span>
        <MenuButton
          label="More"
          icon="more"
          items={overflow.map((a) => {
            const keys = keysOf(a);
            const off = !enabledIn(a, ctx);
            return { id: a.id, label: a.label, ...(off && a.unavailable ? { hint: `${a.unavailable}.` } : a.hint ? { hint: a.hint } : {}), ...(keys ? { keys } : {}), disabled: off, run: () => void a.run(ctx) };
          })}
        />
      </div>
    </header>
  );
}
