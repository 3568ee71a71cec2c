/** One section of the explorer: a list of documents with open and delete, and an add button. */
import { Button } from '../components/ui/Button.tsx';
import type { RuleDoc } from '../state/documents.ts';

export interface DocListProps {
  title: string;
  docs: RuleDoc[];
  activeId: string | undefined;
  nameOf(d: RuleDoc): string;
  onOpen(d: RuleDoc): void;
  onDelete(d: RuleDoc): void;
  addLabel: string;
  /** The add button's tooltip, when its label does not say enough. */
  addHint?: string;
  addIcon?: 'plus' | 'import';
  onAdd(): void;
}

export function DocList({ title, docs, activeId, nameOf, onOpen, onDelete, addLabel, addHint, addIcon = 'plus', onAdd }: DocListProps) {
  return (
    <section className="explorer-section" aria-label={title}>
      <h2>
        {title} <span className="muted">({docs.length})</span>
      </h2>
      <ul>
        {docs.map((d) => (
          <li key={d.id} className={d.id === activeId ? 'active' : undefined}>
            <button type="button" className="explorer-doc" aria-current={d.id === activeId ? 'page' : undefined} onClick={() => onOpen(d)}>
              {nameOf(d)}
            </button>
            <button type="button" className="explorer-delete" aria-label={`Delete ${nameOf(d)}`} title="Delete" onClick={() => onDelete(d)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" className="explorer-add" icon={addIcon} label={addLabel} {...(addHint ? { title: addHint } : {})} onClick={onAdd} />
    </section>
  );
}
