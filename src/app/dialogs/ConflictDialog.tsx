/**
 * Two tabs, one project: another tab saved it while this tab had unsaved changes. Nothing was
 * overwritten; the user chooses to reload the other tab's version or keep this one as a copy.
 */
import { useState } from 'react';
import { useStudio } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import { persistenceSession } from '../persistence/session.ts';
import { Modal } from './Modal.tsx';
import { Button } from '../components/ui/Button.tsx';

export function ConflictDialog() {
  const ui = useUiStore();
  const name = useStudio((s) => s.project.name);
  const [busy, setBusy] = useState(false);
  const autosave = persistenceSession()?.autosave;
  const conflict = autosave?.conflict();
  const settle = (how: 'reloadTheirs' | 'keepMineAsCopy') => {
    if (!autosave) return;
    setBusy(true);
    void autosave[how]().finally(() => ui.getState().closeDialog());
  };
  return (
    <Modal title="Changed in another tab" onClose={() => ui.getState().closeDialog()} dismissable={!conflict}>
      <p>
        “{name}” was saved in another tab{conflict?.theirSavedAt ? ` at ${new Date(conflict.theirSavedAt).toLocaleTimeString()}` : ''} while this tab had changes
        of its own. Nothing has been overwritten, and this tab stops saving until you choose.
      </p>
      <div className="modal-actions">
        <Button label="Reload theirs" disabled={busy || !conflict} onClick={() => settle('reloadTheirs')} />
        <Button variant="primary" label="Keep mine as a copy" disabled={busy || !conflict} onClick={() => settle('keepMineAsCopy')} />
      </div>
    </Modal>
  );
}
