/**
 * The diff of a proposed conversion: removed lines, added lines and two lines of context around
 * each change; Accept applies it (one undo step), Reject or Escape leaves the text as it is.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { lineDiff, withContext } from '../../core/text/lineDiff.ts';
import { useStudioStore } from '../state/context.tsx';
import { Modal } from '../dialogs/Modal.tsx';
import { acceptProposal, proposalStore, rejectProposal } from './proposal.ts';
import './convert.css';
import { Button } from '../components/ui/Button.tsx';

export function ConvertDialog() {
  const store = useStudioStore();
  const proposal = useSyncExternalStore(proposalStore.subscribe, () => proposalStore.getState().proposal);
  const shown = useMemo(() => (proposal ? withContext(lineDiff(proposal.before, proposal.after)) : []), [proposal]);
  if (!proposal) return null;
  const added = shown.filter((d) => d?.kind === 'added').length;
  const removed = shown.filter((d) => d?.kind === 'removed').length;
  return (
    <Modal title={`${proposal.title}: ${proposal.fileName}`} onClose={rejectProposal}>
      <p>{proposal.note}</p>
      <p className="muted">
        {removed} line{removed === 1 ? '' : 's'} removed, {added} added.
      </p>
      <div className="convert-diff" role="region" aria-label="Proposed changes" tabIndex={0}>
        {shown.map((d, i) =>
          d === null ? (
            <div key={i} className="diff-skip" aria-label="unchanged lines skipped">
              ⋯
            </div>
          ) : (
            <div key={i} className={`diff-line diff-${d.kind}`}>
              <span className="diff-num" aria-hidden="true">
                {d.kind === 'added' ? '' : d.oldLine}
              </span>
              <span className="diff-sign">{d.kind === 'added' ? '+' : d.kind === 'removed' ? '−' : ' '}</span>
              <span className="visually-hidden">{d.kind === 'added' ? 'added: ' : d.kind === 'removed' ? 'removed: ' : ''}</span>
              <code>{d.text}</code>
            </div>
          ),
        )}
      </div>
      <div className="modal-actions">
        <Button label="Reject" onClick={rejectProposal} />
        <Button variant="primary" label="Accept" onClick={() => acceptProposal(store)} />
      </div>
    </Modal>
  );
}
