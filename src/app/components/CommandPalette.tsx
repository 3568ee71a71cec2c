/** The command palette (Mod+K or Mod+Shift+P): filter actions by label, run with Enter. */
import { useMemo } from 'react';
import { ALL_ACTIONS } from '../actions/index.ts';
import type { Action } from '../actions/types.ts';
import { useStudioStore } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import { Modal } from '../dialogs/Modal.tsx';
import { isMac, shortcutLabel } from './shortcuts.ts';
import { themeActions } from './themeActions.ts';
import { PickList } from './PickList.tsx';

export function CommandPalette() {
  const store = useStudioStore();
  const ui = useUiStore();
  const ctx = useMemo(() => ({ store, ui }), [store, ui]);
  const all: readonly Action[] = useMemo(() => [...ALL_ACTIONS, ...themeActions], []);
  const mac = isMac(navigator.platform || navigator.userAgent);
  // Every command is listed; one that does not apply now is shown muted with the reason, so the
  // palette always answers "is there a command for this?".
  const isEnabled = (a: Action) => !a.enabled || a.enabled(ctx);
  const items = all.map((a) => ({
    id: a.id,
    label: a.label,
    ...(a.hint ? { hint: a.hint } : {}),
    ...(a.keywords ? { keywords: a.keywords } : {}),
    ...(a.shortcuts?.[0] ? { keys: shortcutLabel(a.shortcuts[0], mac) } : {}),
    ...(isEnabled(a) ? {} : { disabled: a.unavailable ?? 'Not available now' }),
  }));
  const run = (id: string) => {
    const a = all.find((x) => x.id === id);
    if (!a || !isEnabled(a)) return;
    ui.getState().closeDialog();
    void a.run(ctx);
  };
  return (
    <Modal title="Command palette" onClose={() => ui.getState().closeDialog()}>
      <PickList label="Command" listLabel="Commands" placeholder="Type a command…" items={items} onPick={run} empty="No matching command." />
    </Modal>
  );
}
