/**
 * An on/off switch on the Radix Switch primitive (`role="switch"`, `aria-checked`), themed by the
 * tokens: a track that fills with the accent when on. A `<label htmlFor={id}>` names it, or
 * `aria-label`; `aria-describedby` points at its help text.
 */
import { Switch as RadixSwitch } from 'radix-ui';
import './ui.css';

export function Switch({ checked, onChange, id, disabled, ...aria }: { checked: boolean; onChange(v: boolean): void; id?: string; disabled?: boolean; 'aria-label'?: string; 'aria-describedby'?: string }) {
  return (
    <RadixSwitch.Root id={id} className="ui-switch" checked={checked} onCheckedChange={onChange} disabled={disabled} {...aria}>
      <RadixSwitch.Thumb className="ui-switch-thumb" />
    </RadixSwitch.Root>
  );
}
