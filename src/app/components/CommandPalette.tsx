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
  const enabled = all.filter((a) => !a.enabled || a.enabled(ctx));
  const items = enabled.map((a) => ({
    id: a.id,
    label: a.label,
    ...(a.hint ? { hint: a.hint } : {}),
    ...(a.shortcuts?.[0] ? { keys: shortcutLabel(a.shortcuts[0], mac) } : {}),
  }));
  const run = (id: string) => {
    const a = enabled.find((x) => x.id === id);
    if (!a) return;
    ui.getState().closeDialog();
    void a.run(ctx);
  };
  return (
    <Modal title="Command palette" onClose={() => ui.getState().closeDialog()}>
      <PickList label="Command" listLabel="Commands" placeholder="Type a command…" items={items} onPick={run} empty="No matching command." />
    </Modal>
  );
}
