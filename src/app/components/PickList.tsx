/**
 * A filterable pick list in a dialog (the WAI-ARIA combobox with a listbox popup): type to filter (by label and second name, best match first),
 * ↑/↓ to move, Enter or a click to pick. The command palette, Add rule's type picker and the
 * keyboard connect use it. Screen readers hear the active option through `aria-activedescendant`.
 */
import { useId, useState, type ReactNode } from 'react';
import { filterActions } from './shortcuts.ts';
import './palette.css';
import { CodeText } from './ui/CodeText.tsx';

export interface PickItem {
  id: string;
  label: string;
  /** A muted second name after the label (e.g. the file's name of a rule type). */
  detail?: string;
  hint?: string;
  /** Words it is also found by, never shown. */
  keywords?: string;
  keys?: string;
  /** Why it cannot be picked now: listed, muted and `aria-disabled`, after the others that match as well. */
  disabled?: string;
}

export function PickList({
  label,
  listLabel,
  placeholder,
  items,
  onPick,
  empty,
}: {
  /** The search field's name. */
  label: string;
  listLabel: string;
  placeholder: string;
  items: readonly PickItem[];
  onPick(id: string): void;
  /** Said when there is nothing to pick at all (a filter that matches nothing says so instead). */
  empty: ReactNode;
}) {
  const base = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = filterActions(items, query, (i) => i.disabled !== undefined);
  const current = Math.min(active, Math.max(0, shown.length - 1));
  const optionId = (i: PickItem) => `${base}-${i.id.replace(/[^\w-]/g, '_')}`;
  const pick = (i: PickItem | undefined) => i && !i.disabled && onPick(i.id);
  return (
    <div className="palette">
      <input
        type="text"
        aria-label={label}
        role="combobox"
        aria-expanded="true"
        aria-autocomplete="list"
        aria-controls={`${base}-list`}
        aria-activedescendant={shown[current] ? optionId(shown[current]) : undefined}
        placeholder={placeholder}
        autoFocus
        data-autofocus
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((current + 1) % Math.max(1, shown.length));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((current - 1 + shown.length) % Math.max(1, shown.length));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            pick(shown[current]);
          }
        }}
      />
      <ul id={`${base}-list`} role="listbox" aria-label={listLabel}>
        {shown.map((item, i) => (
          <li
            key={item.id}
            id={optionId(item)}
            role="option"
            aria-selected={i === current}
            aria-disabled={item.disabled ? true : undefined}
            className={[i === current ? 'active' : '', item.disabled ? 'disabled' : ''].filter(Boolean).join(' ') || undefined}
            onMouseEnter={() => setActive(i)}
            onClick={() => pick(item)}
          >
            <span className="palette-label">
              {item.label}
              {item.detail ? <span className="palette-detail"> · <CodeText text={item.detail} /></span> : null}
            </span>
            {item.disabled ? <span className="palette-hint"><CodeText text={item.disabled} /></span> : item.hint ? <span className="palette-hint"><CodeText text={item.hint} /></span> : null}
            {item.keys ? <kbd>{item.keys}</kbd> : null}
          </li>
        ))}
        {shown.length === 0 ? <li className="muted">{items.length > 0 ? `Nothing matches “${query.trim()}”.` : empty}</li> : null}
      </ul>
    </div>
  );
}
