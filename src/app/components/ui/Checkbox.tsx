/**
 * A checkbox on the Radix Checkbox primitive (`role="checkbox"`, `aria-checked`), themed by the
 * tokens: a box that fills with the accent and shows a check mark when checked. A wrapping
 * `<label>` or `<label htmlFor={id}>` names it.
 */
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { Icon } from './Icon.tsx';
import './ui.css';

export function Checkbox({ checked, onChange, id, disabled, ...aria }: { checked: boolean; onChange(v: boolean): void; id?: string; disabled?: boolean; 'aria-label'?: string; 'aria-describedby'?: string }) {
  return (
    <RadixCheckbox.Root id={id} className="ui-checkbox" checked={checked} onCheckedChange={(v) => onChange(v === true)} disabled={disabled} {...aria}>
      <RadixCheckbox.Indicator className="ui-checkbox-mark">
        <Icon name="check" size={12} />
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}
