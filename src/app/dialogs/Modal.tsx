/**
 * A modal dialog on the Radix Dialog primitive: focus moves into it and is kept there, Escape and a
 * click outside close it (unless `dismissable` is false), and its heading names it. Focus starts
 * on the element marked `data-autofocus`, if any, else on the first focusable element.
 */
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Icon } from '../components/ui/Icon.tsx';
import { dialogDismissed } from '../components/focusKeeper.ts';
import './dialogs.css';

export function Modal({ title, onClose, dismissable = true, className, children }: { title: string; onClose(): void; dismissable?: boolean; className?: string; children: ReactNode }) {
  const keepOpen = (e: Event) => {
    if (!dismissable) e.preventDefault();
  };
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (open) return;
        dialogDismissed();
        onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className={className ? `modal ${className}` : 'modal'}
          aria-describedby={undefined}
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onOpenAutoFocus={(e) => {
            const target = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-autofocus]');
            if (target) {
              e.preventDefault();
              target.focus();
            }
          }}
        >
          <header className="modal-header">
            <Dialog.Title>{title}</Dialog.Title>
            {dismissable && (
              <Dialog.Close className="btn btn-ghost btn-icon modal-close" aria-label="Close">
                <Icon name="close" />
              </Dialog.Close>
            )}
          </header>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
