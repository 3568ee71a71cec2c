/**
 * The studio's one notice area: the status bar along the window's foot, under every panel, so a
 * notice never covers the graph (it used to float over the canvas, and a burst of imports stacked
 * over the nodes). It shows the import in progress and the newest notice; information leaves by
 * itself after a few seconds (not while the pointer or focus is on it), errors stay until
 * dismissed. Older notices wait behind a counter that opens them all in a popover. User text is
 * rendered as text; core messages' backtick-marked names as code.
 */
import { useEffect, useState } from 'react';
import { Popover } from 'radix-ui';
import { useStudio } from '../state/context.tsx';
import type { Notice } from '../state/store.ts';
import { Icon } from './ui/Icon.tsx';
import { CodeText } from './ui/CodeText.tsx';
import { ImportProgressCard } from './ImportProgressCard.tsx';
import { useStore } from 'zustand';
import { saveStatusStore, saveStatusText } from '../persistence/saveStatus.ts';
import './statusbar.css';

/** How long an information notice stays, in ms. */
export const NOTICE_MS = 6000;

function NoticeItem({ notice, onDismiss }: { notice: Notice; onDismiss(): void }) {
  return (
    <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : undefined}>
      <Icon name={notice.kind === 'error' ? 'alert' : 'info'} size={14} />
      <span className="notice-text">
        <CodeText text={notice.text} />
      </span>
      <button type="button" className="notice-close" aria-label="Dismiss" title="Dismiss" onClick={onDismiss}>
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}

export function Notices() {
  const notices = useStudio((s) => s.notices);
  const dismiss = useStudio((s) => s.dismiss);
  const [held, setHeld] = useState(false);
  const [open, setOpen] = useState(false);
  const transient = notices.filter((n) => n.kind !== 'error').map((n) => n.id);
  const oldest = transient[0];
  useEffect(() => {
    if (held || open || oldest === undefined) return;
    const t = window.setTimeout(() => dismiss(oldest), NOTICE_MS);
    return () => window.clearTimeout(t);
  }, [held, open, oldest, dismiss]);
  const newest = notices.at(-1);
  const older = notices.length - 1;
  const errors = notices.filter((n) => n.kind === 'error').length;
  const saved = useStore(saveStatusStore, (st) => st.status);
  return (
    <footer className="statusbar" aria-label="Notices" onPointerEnter={() => setHeld(true)} onPointerLeave={() => setHeld(false)} onFocus={() => setHeld(true)} onBlur={() => setHeld(false)}>
      <ImportProgressCard />
      <div className="statusbar-notice" role="status" aria-live="polite">
        {newest ? <NoticeItem notice={newest} onDismiss={() => dismiss(newest.id)} /> : null}
      </div>
      {older > 0 ? (
        <Popover.Root open={open && older > 0} onOpenChange={setOpen}>
          <Popover.Trigger asChild>
            <button type="button" className={`statusbar-count${errors > 0 ? ' has-errors' : ''}`}>
              <Icon name="bell" size={14} />
              <span>{older} more</span>
              <span className="visually-hidden">
                {` notice${older === 1 ? '' : 's'}${errors > 0 ? `, ${errors} error${errors === 1 ? '' : 's'}` : ''}: show all`}
              </span>
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content className="notice-center" side="top" align="end" sideOffset={6} collisionPadding={8} aria-label="All notices">
              <div className="notice-center-head">
                <span>Notices</span>
                <button type="button" className="notice-center-clear" onClick={() => notices.forEach((n) => dismiss(n.id))}>
                  Dismiss all
                </button>
              </div>
              <div className="notice-center-list">
                {[...notices].reverse().map((n) => (
                  <NoticeItem key={n.id} notice={n} onDismiss={() => dismiss(n.id)} />
                ))}
              </div>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      ) : null}
      <span className={`statusbar-save statusbar-save-${saved}`}>{saveStatusText(saved)}</span>
    </footer>
  );
}
