/**
 * Inspector fields. Every field has a visible label; edits go to `onChange` as the user types
 * (callers pass a coalescing key so typing is one undo step), except `DraftField`, which commits
 * on blur or Enter (names, where half-typed values would collide).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { codecs } from '../state/codecs.ts';
import { takeNameFocus } from './nameFocus.ts';
import { Button, IconButton } from '../components/ui/Button.tsx';
import { Select } from '../components/ui/Select.tsx';

export function Field({ label, children, hint }: { label: string; children: (id: string) => ReactNode; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="insp-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint}
    </div>
  );
}

export function TextField({ label, value, onChange, multiline }: { label: string; value: string; onChange(v: string): void; multiline?: boolean }) {
  return (
    <Field label={label}>
      {(id) =>
        multiline ? (
          <textarea id={id} value={value} rows={4} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input id={id} type="text" value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  );
}

/**
 * A text field that commits on blur or Enter; Escape restores the value. A value the field refuses
 * (`validate`) is kept with its error until it is fixed or Escape restores the value, never thrown
 * away. With `claimsFocus` (a Name field) it takes the focus, text selected, when an action asked
 * for it (see `nameFocus.ts`). `onDone` runs after Enter commits (or with nothing to commit), with
 * the value now held: a Name field hands the focus back to its node there. While it holds no
 * uncommitted text (`data-draft="committed"`) Undo and Redo are the studio's. An `onCommit` that returns false
 * (the studio refused the edit and said why) puts the value back: a refused edit leaves no trace.
 */
export function DraftField({ label, value, onCommit, validate, claimsFocus = false, onDone }: { label: string; value: string; onCommit(v: string): boolean | void; validate?(v: string): string | undefined; claimsFocus?: boolean; onDone?(v: string): void }) {
  const [draft, setDraft] = useState(value);
  const [base, setBase] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  // Set by Enter, which commits and may move the focus away at once (`onDone`): the blur that
  // follows, before the field shows the committed value, has nothing to commit again. Cleared by
  // the next render.
  const entered = useRef(false);
  useEffect(() => {
    entered.current = false;
  });
  useEffect(() => {
    if (!claimsFocus || !takeNameFocus(value)) return;
    input.current?.focus();
    input.current?.select();
  }, [claimsFocus, value]);
  if (base !== value) {
    setBase(value);
    setDraft(value);
  }
  const error = draft !== value ? validate?.(draft) : undefined;
  /** Commits the draft when it differs and is valid; returns whether the field now holds a valid value. */
  const commit = (): boolean => {
    if (error) return false;
    // A commit the studio refused (it said why in a notice) leaves no trace: the field shows the value again.
    if (draft !== value && onCommit(draft) === false) setDraft(value);
    return true;
  };
  return (
    <Field label={label} hint={error ? <span className="insp-error" role="alert">{error}</span> : null}>
      {(id) => (
        <input
          ref={input}
          id={id}
          type="text"
          value={draft}
          aria-invalid={error ? true : undefined}
          data-draft={draft === value ? 'committed' : 'pending'}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => {
            if (!entered.current) void commit();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && commit()) {
              entered.current = true;
              onDone?.(draft);
            }
            if (e.key === 'Escape') setDraft(value);
          }}
        />
      )}
    </Field>
  );
}

export function NumberField({ label, value, min, max, step, onChange }: { label: string; value: number; min?: number; max?: number; step?: number; onChange(v: number): void }) {
  const [draft, setDraft] = useState(String(value));
  const [base, setBase] = useState(value);
  if (base !== value) {
    setBase(value);
    setDraft(String(value));
  }
  const n = Number(draft);
  const bad = draft.trim() === '' || !Number.isFinite(n) || (min !== undefined && n < min) || (max !== undefined && n > max) || (step === undefined || Number.isInteger(step) ? !Number.isInteger(n) : false);
  return (
    <Field label={label} hint={bad ? <span className="insp-error">{`A whole number${min !== undefined ? ` from ${min}` : ''}${max !== undefined ? ` to ${max}` : ''}`}</span> : null}>
      {(id) => (
        <input
          id={id}
          type="number"
          value={draft}
          min={min}
          max={max}
          step={step ?? 1}
          aria-invalid={bad || undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            const v = Number(e.target.value);
            const ok = e.target.value.trim() !== '' && Number.isFinite(v) && (min === undefined || v >= min) && (max === undefined || v <= max);
            if (ok && (step === undefined || Number.isInteger(step) ? Number.isInteger(v) : true)) onChange(v);
          }}
        />
      )}
    </Field>
  );
}

/** A list of names: each shown as a removable tag, new ones typed and added with Enter or comma. */
export function TagInput({ label, values, onChange, suggestions }: { label: string; values: readonly string[]; onChange(v: string[]): void; suggestions?: readonly string[] }) {
  const [draft, setDraft] = useState('');
  const listId = useId();
  const add = () => {
    const names = draft.split(',').map((s) => s.trim()).filter((s) => s !== '' && !values.includes(s));
    if (names.length > 0) onChange([...values, ...names]);
    setDraft('');
  };
  return (
    <Field label={label}>
      {(id) => (
        <div className="insp-tags">
          <ul aria-label={label}>
            {values.map((v, i) => (
              <li key={`${v}-${i}`} className="insp-tag">
                <span>{v}</span>
                <IconButton size="sm" icon="close" label={`Remove ${v}`} onClick={() => onChange(values.filter((_, j) => j !== i))} />
              </li>
            ))}
          </ul>
          <input
            id={id}
            type="text"
            value={draft}
            placeholder="add, then Enter"
            list={suggestions ? listId : undefined}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ',') {
                e.preventDefault();
                add();
              } else if (e.key === 'Backspace' && draft === '' && values.length > 0) onChange(values.slice(0, -1));
            }}
            onBlur={add}
          />
          {suggestions ? (
            <datalist id={listId}>
              {suggestions.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          ) : null}
        </div>
      )}
    </Field>
  );
}

/** JSON in a text area, validated and committed on blur; an empty text removes the value. */
export function JsonField({ label, value, onCommit }: { label: string; value: unknown; onCommit(v: unknown): void }) {
  const text = value === undefined ? '' : JSON.stringify(value, null, 2);
  const [draft, setDraft] = useState(text);
  const [base, setBase] = useState(text);
  const [error, setError] = useState<string | undefined>(undefined);
  if (base !== text) {
    setBase(text);
    setDraft(text);
    setError(undefined);
  }
  return (
    <Field label={label} hint={error ? <span className="insp-error" role="alert">{error}</span> : null}>
      {(id) => (
        <textarea
          id={id}
          rows={3}
          className="mono"
          value={draft}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => {
            if (draft === text) return;
            if (draft.trim() === '') {
              setError(undefined);
              onCommit(undefined);
              return;
            }
            try {
              onCommit(JSON.parse(draft));
              setError(undefined);
            } catch (e) {
              setError(`Not valid JSON: ${(e as Error).message}`);
            }
          }}
        />
      )}
    </Field>
  );
}

/**
 * A rule pattern (Rust regex syntax): says whether it compiles as the user types, with the column.
 * A blank pattern says what the engine counts then (`blank`); clearing the text removes the pattern.
 */
export function RegexField({
  label,
  value,
  blank,
  onChange,
}: {
  label: string;
  value: string | undefined;
  /** What an empty (`''`) or absent (`undefined`) pattern means. */
  blank(v: string | undefined): string | undefined;
  onChange(v: string | undefined): void;
}) {
  const text = value ?? '';
  const r = codecs().compilePattern(text);
  const meaning = text === '' ? blank(value) : undefined;
  const status =
    meaning !== undefined ? (
      <span className="insp-note" aria-live="polite">
        {meaning}
      </span>
    ) : r.ok ? (
      <span className="insp-ok" aria-live="polite">
        Valid pattern (Rust regex)
      </span>
    ) : (
      <span className="insp-error" aria-live="polite">
        Invalid pattern at column {r.error.column}: {r.error.message}
      </span>
    );
  return (
    <Field label={label} hint={status}>
      {(id) => (
        <input id={id} type="text" className="mono" value={text} aria-invalid={!r.ok || undefined} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)} />
      )}
    </Field>
  );
}

/** A choice from `options`; `optionLabel` says how each is shown (the value itself by default). */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  optionLabel = (o) => o,
  hint,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange(v: T): void;
  optionLabel?(o: T): string;
  hint?: ReactNode;
}) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <Select id={id} value={value} onChange={(v) => onChange(v as T)} options={options.map((o) => ({ value: o, label: optionLabel(o) }))} />
      )}
    </Field>
  );
}

/** The foot of a rule inspector: one danger button, named "Delete rule", that deletes the rule. */
export function DeleteRuleField({ onDelete }: { onDelete(): void }) {
  return (
    <div className="insp-field insp-danger-zone">
      <Button variant="danger" icon="trash" label="Delete rule" onClick={onDelete} />
    </div>
  );
}
