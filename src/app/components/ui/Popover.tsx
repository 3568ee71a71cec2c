/**
 * A popover on the Radix Popover primitive: non-modal, closes on Escape or a click outside and
 * returns focus to its trigger. `trigger` must be one focusable element (a `Button`).
 */
import { Popover as RadixPopover } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import './ui.css';

export function Popover({ trigger, label, children, open, onOpenChange, side = 'bottom', align = 'start' }: { trigger: ReactElement; label: string; children: ReactNode; open?: boolean; onOpenChange?(open: boolean): void; side?: 'top' | 'bottom' | 'left' | 'right'; align?: 'start' | 'center' | 'end' }) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content className="ui-popover ui-popover-panel" aria-label={label} side={side} align={align} sideOffset={6} collisionPadding={8}>
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
