/**
 * A settings form in the manner of Linear's settings, on Radix primitives (Form, Label): groups of
 * rows, each with its label on the left, its control on the right and its help text under both. A text field reports a bad value inline, under itself, saying what is
 * allowed; the value typed stays as typed (nothing is lost), and the field is `aria-invalid` and
 * described by its help and its message.
 */
import type { ReactNode } from 'react';
import { Form, Label } from 'radix-ui';
import './ui.css';

/** The form: Enter in a field never submits (settings apply as they are changed). */
export function SettingsForm({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Form.Root className="ui-settings" aria-label={label} onSubmit={(e) => e.preventDefault()}>
      {children}
    </Form.Root>
  );
}

/** A titled group of rows. */
export function SettingsGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = `settings-group-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="ui-settings-group" aria-labelledby={id}>
      <h4 id={id} className="ui-settings-title">
        {title}
      </h4>
      <div className="ui-settings-rows">{children}</div>
    </section>
  );
}

/** The id of a row's help text, for the control's `aria-describedby`. */
export const helpId = (id: string): string => `${id}-help`;

/** One row: the label on the left, the control (given `id` and `aria-describedby={helpId(id)}`) on the right, the help under both. */
export function SettingRow({ id, label, help, children }: { id: string; label: string; help: ReactNode; children: ReactNode }) {
  return (
    <div className="ui-setting">
      <Label.Root htmlFor={id} className="ui-setting-label">
        {label}
      </Label.Root>
      <div className="ui-setting-control">{children}</div>
      <p id={helpId(id)} className="ui-setting-help">
        {help}
      </p>
    </div>
  );
}

/**
 * A text (or number) row on Radix Form's Field, Label, Control and Message. `error` (what is
 * allowed, said when the value is not) shows under the field and marks it invalid; the value is
 * the text as typed.
 */
export function TextSetting({ name, label, help, value, onChange, error, unit, inputMode = 'numeric', placeholder }: { name: string; label: string; help: ReactNode; value: string; onChange(v: string): void; error?: string | undefined; unit?: string; inputMode?: 'numeric' | 'decimal' | 'text'; placeholder?: string }) {
  const id = `setting-${name}`;
  const errorId = `${id}-error`;
  return (
    <Form.Field name={name} serverInvalid={error !== undefined} className="ui-setting">
      <Form.Label htmlFor={id} className="ui-setting-label">
        {label}
      </Form.Label>
      <span className="ui-setting-control">
        <Form.Control
          id={id}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          className={inputMode === 'text' ? 'ui-input ui-input-sm ui-input-text' : 'ui-input ui-input-sm'}
          value={value}
          placeholder={placeholder}
          aria-invalid={error !== undefined ? true : undefined}
          aria-describedby={error !== undefined ? `${errorId} ${helpId(id)}` : helpId(id)}
          onChange={(e) => onChange(e.target.value)}
        />
        {unit ? (
          <span className="ui-setting-unit" aria-hidden="true">
            {unit}
          </span>
        ) : null}
      </span>
      {error !== undefined ? (
        <Form.Message id={errorId} forceMatch className="ui-setting-error">
          {error}
        </Form.Message>
      ) : null}
      <p id={helpId(id)} className="ui-setting-help">
        {help}
      </p>
    </Form.Field>
  );
}
