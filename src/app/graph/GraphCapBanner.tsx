/**
 * A bar over a capped graph view (see `neighbourhood.ts`; the canvas starts under it, so it hides
 * no node): how much of the graph is drawn and around which node, and a search that brings any node of the whole graph into the view (it selects the
 * node, as a pick in the Problems list does, so the view re-centres on it).
 */
import { useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { formatCount } from '../formatCount.ts';
import { Button } from '../components/ui/Button.tsx';
import { findNode } from './neighbourhood.ts';

export interface GraphCapBannerProps {
  /** What a node is called here ("tool", "phase"). */
  noun: string;
  shown: { nodes: number; edges: number };
  total: { nodes: number; edges: number };
  centre: string | undefined;
  /** Every node id of the whole graph, in graph order. */
  ids: readonly string[];
  onFind(id: string): void;
  /** Told where the banner ends (its bottom edge, in pixels from the canvas's top), whenever that changes. */
  onBottom?(px: number): void;
}

const count = (shown: number, total: number) => (shown === total ? `all ${formatCount(total)}` : `${formatCount(shown)} of ${formatCount(total)}`);

/** How many names the search suggests. */
const SUGGESTIONS = 20;

export function GraphCapBanner({ noun, shown, total, centre, ids, onFind, onBottom }: GraphCapBannerProps) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !onBottom) return;
    const report = () => onBottom(el.offsetTop + el.offsetHeight);
    report();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(report);
    ro.observe(el);
    return () => ro.disconnect();
  }, [onBottom]);
  const [query, setQuery] = useState('');
  const [missed, setMissed] = useState<string | undefined>(undefined);
  const listId = useId();
  const suggestions = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (q === '') return [];
    const out: string[] = [];
    for (const id of ids) {
      if (id.toLowerCase().includes(q)) out.push(id);
      if (out.length === SUGGESTIONS) break;
    }
    return out;
  }, [ids, query]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = findNode(ids, query);
    setMissed(found === undefined ? query.trim() : undefined);
    if (found !== undefined) onFind(found);
  };
  return (
    <div ref={box} className="graph-cap" role="region" aria-label="Graph view">
      <p>
        Showing {count(shown.nodes, total.nodes)} {noun}s and {count(shown.edges, total.edges)} edges{centre !== undefined ? <> around <strong>{centre}</strong></> : null}: too many to draw at once.
      </p>
      <form role="search" aria-label={`Find a ${noun}`} onSubmit={onSubmit}>
        <input
          type="search"
          aria-label={`Find a ${noun} in the whole graph`}
          placeholder={`Find a ${noun} to centre on…`}
          list={listId}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <datalist id={listId}>
          {suggestions.map((id) => (
            <option key={id} value={id} />
          ))}
        </datalist>
        <Button type="submit" icon="search" label="Show" />
      </form>
      <p className="graph-cap-missed" aria-live="polite">
        {missed ? `No ${noun} is named like “${missed}”.` : ''}
      </p>
    </div>
  );
}
