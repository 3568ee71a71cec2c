/**
 * A popover on the Radix Popover primitive: non-modal, closes on Escape or a click outside and
 * returns focus to its trigger. `trigger` must be one focusable element (a `Button`).
 */
import { Popover as RadixPopover } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { useLandmarkPortal } from './landmarkPortal.ts';
import './ui.css';

export function Popover({ trigger, label, children, open, onOpenChange, side = 'bottom', align = 'start' }: { trigger: ReactElement; label: string; children: ReactNode; open?: boolean; onOpenChange?(open: boolean): void; side?: 'top' | 'bottom' | 'left' | 'right'; align?: 'start' | 'center' | 'end' }) {
  const { trigger: ref, container, onOpen } = useLandmarkPortal<HTMLButtonElement>();
  return (
    <RadixPopover.Root
      open={open}
      onOpenChange={(o) => {
        onOpen(o);
        onOpenChange?.(o);
      }}
    >
      <RadixPopover.Trigger asChild ref={ref}>
        {trigger}
      </RadixPopover.Trigger>
      <RadixPopover.Portal container={container}>
        <RadixPopover.Content className="ui-popover ui-popover-panel" aria-label={label} side={side} align={align} sideOffset={6} collisionPadding={8}>
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
