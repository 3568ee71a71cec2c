/**
 * `Copy teaching link` on stage: a link that opens this run straight at the step shown, copied to
 * the clipboard with a "Copied" confirmation (or shown to copy by hand when the clipboard refuses).
 */
import { useEffect, useState } from 'react';
import { Button } from '../components/ui/Button.tsx';
import { CodeText } from '../components/ui/CodeText.tsx';
import { useStudio } from '../state/context.tsx';
import { simulationStore } from '../simulator/simulationStore.ts';
import { formToSettings } from '../simulator/settingsForm.ts';
import { teachingPayloadFor } from '../simulator/teaching.ts';
import { encodeTeachingLink, teachingUrl } from '../simulator/teachingLink.ts';

/** How long the "Copied" confirmation stays on the button. */
const CONFIRM_MS = 2500;

export function TeachingLinkButton() {
  const project = useStudio((s) => s.project);
  const [copied, setCopied] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const [link, setLink] = useState<string | undefined>();

  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), CONFIRM_MS);
    return () => window.clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    const s = simulationStore().getState();
    const settings = formToSettings(s.form);
    if (!settings.ok) return setMessage('Fix the settings first.');
    const built = teachingPayloadFor(project, s.run ? { ...s.choice, traceIds: s.run.traceIds } : s.choice, settings.settings, s.step);
    if (!built.ok) return setMessage(built.message);
    try {
      const url = teachingUrl(location.href, await encodeTeachingLink(built.payload));
      const written = await navigator.clipboard?.writeText(url).then(
        () => true,
        () => false,
      );
      setLink(written ? undefined : url);
      setCopied(written === true);
      setMessage(written ? `Teaching link copied: it opens at this step.${built.note ? ` ${built.note}` : ''}` : `Copy the link by hand.${built.note ? ` ${built.note}` : ''}`);
    } catch (e) {
      setMessage(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <div className="presenter-link">
      <Button icon={copied ? 'check' : 'link'} label={copied ? 'Copied' : 'Copy teaching link'} onClick={() => void copy()} />
      <span role="status" className={copied || message === undefined ? 'visually-hidden' : 'presenter-link-note'}>
        {message !== undefined ? <CodeText text={message} /> : null}
      </span>
      {link ? <input className="presenter-link-out" readOnly aria-label="Teaching link" value={link} onFocus={(e) => e.currentTarget.select()} /> : null}
    </div>
  );
}
