/**
 * A list of the Inspector that may hold thousands of entries (an agent's declared tools): up to
 * {@link LIST_CAP} entries are rendered; past that a filter box narrows the list by name and a
 * line says how many are shown, so a big file costs the page a few dozen elements, not thousands.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { formatCount } from '../formatCount.ts';

/** The most entries rendered at once. */
export const LIST_CAP = 50;

export interface CappedListProps<T> {
  items: readonly T[];
  keyOf(item: T): string;
  render(item: T): ReactNode;
  /** What an entry is called ("tool"). */
  noun: string;
  cap?: number;
}

export function CappedList<T>({ items, keyOf, render, noun, cap = LIST_CAP }: CappedListProps<T>) {
  const [query, setQuery] = useState('');
  const big = items.length > cap;
  const matching = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!big || q === '') return items;
    return items.filter((i) => keyOf(i).toLowerCase().includes(q));
    // keyOf is a projection of the items.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, query, big]);
  const shown = big ? matching.slice(0, cap) : matching;
  return (
    <>
      {big ? (
        <input
          type="search"
          className="insp-filter"
          aria-label={`Filter the ${formatCount(items.length)} ${noun}s by name`}
          placeholder={`Filter ${noun}s…`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      ) : null}
      <ul className="insp-list">
        {shown.map((i) => (
          <li key={keyOf(i)}>{render(i)}</li>
        ))}
      </ul>
      {big ? (
        <p className="muted" aria-live="polite">
          {matching.length > shown.length
            ? `Showing ${shown.length} of ${formatCount(matching.length)}${query.trim() ? ` matching ${noun}s` : ` ${noun}s`}; filter to find others.`
            : `${formatCount(matching.length)} matching ${noun}${matching.length === 1 ? '' : 's'}.`}
        </p>
      ) : null}
    </>
  );
}
