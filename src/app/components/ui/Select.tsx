/**
 * A select on the Radix Select primitive, themed by the tokens: a button (`combobox`) that opens a
 * listbox; type-ahead, ↑/↓, Enter and Escape work as in a native select. A `<label htmlFor={id}>`
 * names it, or `aria-label`. An empty-string value (a "(none)" choice) is allowed: Radix reserves
 * it, so it is mapped to a private value inside.
 */
import { Select as RadixSelect } from 'radix-ui';
import { Icon } from './Icon.tsx';
import { leaveToShortcuts } from '../shortcuts.ts';
import { useLandmarkPortal } from './landmarkPortal.ts';
import './ui.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

const NONE = '\u0000none';
const encode = (v: string) => (v === '' ? NONE : v);
const decode = (v: string) => (v === NONE ? '' : v);

export function Select({ value, onChange, options, id, className, disabled, size = 'md', ...aria }: { value: string; onChange(v: string): void; options: readonly SelectOption[]; id?: string; className?: string; disabled?: boolean; size?: 'md' | 'sm'; 'aria-label'?: string; 'aria-describedby'?: string }) {
  const { trigger, container, onOpen } = useLandmarkPortal<HTMLButtonElement>();
  return (
    <RadixSelect.Root value={encode(value)} onValueChange={(v) => onChange(decode(v))} disabled={disabled} onOpenChange={onOpen}>
      <RadixSelect.Trigger
        ref={trigger}
        id={id}
        className={['ui-select', size === 'sm' ? 'ui-select-sm' : '', className ?? ''].filter(Boolean).join(' ')}
        {...aria}
        // Enter with a modifier is a studio shortcut (Ctrl+Enter runs), not "open the list".
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey || e.altKey)) leaveToShortcuts(e);
        }}
      >
        <RadixSelect.Value />
        <RadixSelect.Icon className="ui-select-icon">
          <Icon name="chevronDown" size={14} />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal container={container}>
        <RadixSelect.Content className="ui-popover ui-select-content" position="popper" sideOffset={4} collisionPadding={8}>
          <RadixSelect.Viewport className="ui-select-viewport">
            {options.map((o) => (
              <RadixSelect.Item key={o.value} value={encode(o.value)} disabled={o.disabled} className="ui-menu-item ui-select-item">
                <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="ui-select-check">
                  <Icon name="check" size={14} />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
