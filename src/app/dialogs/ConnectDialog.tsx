/**
 * The keyboard way to draw an ordering edge: with a tool selected, `C` (or "Connect tool…" in the
 * Inspector and the palette) opens this list of the other tools; picking one adds "selected before
 * picked" (or after, with the direction switched) as the drag between handles would, and says so
 * in the live notice region, so a screen reader hears what was connected.
 */
import { useState } from 'react';
import { useStudioStore } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import { activeDoc } from '../state/store.ts';
import { ALL_TOOLS_ID } from '../../core/graph/toolGraph.ts';
import { toolGraphOf } from '../graph/docGraph.ts';
import { PickList } from '../components/PickList.tsx';
import { SegmentedControl } from '../components/ui/SegmentedControl.tsx';
import { Modal } from './Modal.tsx';
import { ruleTargetOf } from '../actions/ruleTarget.ts';
import { connectTools } from '../actions/ruleEdits.ts';

type Direction = 'before' | 'after';

export function ConnectDialog() {
  const store = useStudioStore();
  const ui = useUiStore();
  const [direction, setDirection] = useState<Direction>('before');
  const [target] = useState(() => {
    const s = store.getState();
    const doc = activeDoc(s);
    const tool = ruleTargetOf(s);
    return doc?.kind === 'agent' && tool !== undefined ? { doc, tool } : undefined;
  });
  const close = () => ui.getState().closeDialog();
  if (!target) {
    return (
      <Modal title="Connect tools" onClose={close}>
        <p className="muted">Select a tool on the graph first.</p>
      </Modal>
    );
  }
  const { doc, tool } = target;
  const graph = toolGraphOf(doc);
  const linked = new Set(graph.edges.filter((e) => e.kind === 'precedes').map((e) => `${e.source}>${e.target}`));
  const pairOf = (other: string): [string, string] => (direction === 'before' ? [tool, other] : [other, tool]);
  const items = graph.nodes
    .filter((n) => n.id !== tool && n.id !== ALL_TOOLS_ID)
    .map((n) => {
      const [from, to] = pairOf(n.id);
      return { id: n.id, label: n.label, ...(linked.has(`${from}>${to}`) ? { hint: `already: ${from} before ${to}` } : {}) };
    });
  const pick = (other: string) => {
    close();
    const [from, to] = pairOf(other);
    connectTools(store, doc.id, from, to);
  };
  return (
    <Modal title={`Connect “${tool}”`} onClose={close}>
      <SegmentedControl<Direction> className="connect-direction" label="Direction" value={direction} onChange={setDirection} items={(['before', 'after'] as const).map((d) => ({ value: d, label: `${tool} runs ${d}…` }))} />
      <PickList
        label={`Tool that ${tool} runs ${direction}`}
        listLabel="Tools"
        placeholder="Type to filter tools…"
        items={items}
        onPick={pick}
        empty="No other tool to connect to."
      />
    </Modal>
  );
}
