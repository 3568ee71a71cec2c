/**
 * A modal dialog on the native `<dialog>` element: focus moves into it and is kept there, Escape
 * closes it (unless `dismissable` is false), and its heading names it. Focus starts on the element
 * marked `data-autofocus`, if any.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialogs.css';

export function Modal({ title, onClose, dismissable = true, className, children }: { title: string; onClose(): void; dismissable?: boolean; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const onCancel = (e: Event) => {
      if (!dismissable) e.preventDefault();
    };
    // A close event that arrives after the dialog was opened again (React's development mode runs
    // effects twice: open, close, open) is stale: only a dialog that stays closed ends it.
    const onClosed = () => {
      if (!d.open) close.current();
    };
    d.addEventListener('cancel', onCancel);
    d.addEventListener('close', onClosed);
    if (!d.open) d.showModal();
    // showModal focuses the first focusable element (the close button); a field marked
    // `data-autofocus` (the palette's search) is where typing should go instead.
    d.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      d.removeEventListener('cancel', onCancel);
      d.removeEventListener('close', onClosed);
      if (d.open) d.close();
    };
  }, [dismissable]);
  return (
    <dialog ref={ref} className={className ? `modal ${className}` : 'modal'} aria-labelledby={headingId}>
      <header className="modal-header">
        <h2 id={headingId}>{title}</h2>
        {dismissable && (
          <button type="button" className="modal-close" aria-label="Close" onClick={() => ref.current?.close()}>
            ×
          </button>
        )}
      </header>
      {children}
    </dialog>
  );
}
