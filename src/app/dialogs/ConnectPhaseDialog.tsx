/**
 * The keyboard way to draw a transition: with a phase selected, `C` (or "Connect phase…" in the
 * palette) opens this list of the other phases and the end; picking one adds "selected → picked"
 * as a drag between the two would, and says so in the live notice region.
 */
import { useState } from 'react';
import { useStudioStore } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import { activeDoc } from '../state/store.ts';
import { DONE_NODE } from '../../core/model/workflow.ts';
import { PickList } from '../components/PickList.tsx';
import { Modal } from './Modal.tsx';
import { connectPhases, phaseTargetOf } from '../actions/phaseEdits.ts';

export function ConnectPhaseDialog() {
  const store = useStudioStore();
  const ui = useUiStore();
  const [target] = useState(() => {
    const doc = activeDoc(store.getState());
    const phase = phaseTargetOf(store);
    return doc?.kind === 'workflow' && phase !== undefined ? { doc, phase } : undefined;
  });
  const close = () => ui.getState().closeDialog();
  if (!target) {
    return (
      <Modal title="Connect phases" onClose={close}>
        <p className="muted">Select a phase on the graph first.</p>
      </Modal>
    );
  }
  const { doc, phase } = target;
  const from = doc.workflow.nodes.find((n) => n.name === phase);
  const already = new Map((from?.transitions ?? []).map((t) => [t.to, t.when]));
  const items = [...doc.workflow.nodes.map((n) => n.name).filter((n) => n !== phase), DONE_NODE].map((id) => {
    const when = already.get(id);
    return { id, label: id === DONE_NODE ? `${id} (end)` : id, ...(id === DONE_NODE ? { keywords: 'end finish' } : {}), ...(when !== undefined ? { hint: `already: when ${when}` } : {}) };
  });
  const pick = (to: string) => {
    close();
    connectPhases(store, doc.id, phase, to);
  };
  return (
    <Modal title={`Connect “${phase}”`} onClose={close}>
      <PickList label={`Phase that ${phase} leads to`} listLabel="Phases" placeholder="Type to filter phases…" items={items} onPick={pick} empty="No other phase to connect to." />
    </Modal>
  );
}
