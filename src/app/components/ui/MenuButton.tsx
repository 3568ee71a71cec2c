/**
 * A button that opens a menu, on the Radix DropdownMenu primitive (the WAI-ARIA menu button
 * pattern): Enter/Space/↓ open it on the first item, ↑/↓ move, type-ahead, Escape closes and returns
 * focus to the button, a click outside closes it.
 */
import { DropdownMenu } from 'radix-ui';
import { Icon, type IconName } from './Icon.tsx';
import { buttonClass } from './Button.tsx';
import { Tooltip } from './Tooltip.tsx';
import { useLandmarkPortal } from './landmarkPortal.ts';
import './ui.css';

export interface MenuItem {
  id: string;
  label: string;
  hint?: string;
  keys?: string;
  disabled?: boolean;
  run(): void;
}

/**
 * `labelled`: a small button showing its label and a chevron (a toolbar's menu of choices) instead of
 * a quiet icon-only one with a tooltip; `title` is then its tooltip.
 */
export function MenuButton({ label, icon, items, labelled = false, title }: { label: string; icon: IconName; items: readonly MenuItem[]; labelled?: boolean; title?: string }) {
  const { trigger: ref, container, onOpen } = useLandmarkPortal<HTMLButtonElement>();
  const trigger = labelled ? (
    <DropdownMenu.Trigger ref={ref} className={buttonClass('default', { size: 'sm' })}>
      <Icon name={icon} />
      <span>{label}</span>
      <Icon name="chevronDown" />
    </DropdownMenu.Trigger>
  ) : (
    <DropdownMenu.Trigger ref={ref} className="btn btn-ghost btn-icon" aria-label={label}>
      <Icon name={icon} />
    </DropdownMenu.Trigger>
  );
  return (
    <DropdownMenu.Root modal={false} onOpenChange={onOpen}>
      {labelled && !title ? trigger : <Tooltip content={title ?? label}>{trigger}</Tooltip>}
      <DropdownMenu.Portal container={container}>
        <DropdownMenu.Content className="ui-popover ui-menu" aria-label={label} align="end" sideOffset={4} collisionPadding={8}>
          {items.map((it) => (
            <DropdownMenu.Item key={it.id} className="ui-menu-item" disabled={it.disabled} title={it.hint} {...(it.keys ? { 'aria-keyshortcuts': it.keys } : {})} onSelect={() => it.run()}>
              <span>{it.label}</span>
              {it.keys ? (
                <span className="menu-key" aria-hidden="true">
                  {it.keys}
                </span>
              ) : null}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
