/** Teaching mode: the presenter view toggle and `Copy teaching link` (opens straight at the step shown). */
import { useState } from 'react';
import { Button } from '../components/ui/Button.tsx';
import { Toggle } from '../components/ui/Toggle.tsx';
import { useStudio } from '../state/context.tsx';
import { useSimulation } from './useSimulation.ts';
import { simulationStore } from './simulationStore.ts';
import { formToSettings } from './settingsForm.ts';
import { teachingPayloadFor } from './teaching.ts';
import { encodeTeachingLink, teachingUrl } from './teachingLink.ts';
import { CodeText } from '../components/ui/CodeText.tsx';

export function TeachingBar() {
  const project = useStudio((s) => s.project);
  const presenter = useSimulation((s) => s.presenter);
  const [link, setLink] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();

  const copy = async () => {
    const s = simulationStore().getState();
    const settings = formToSettings(s.form);
    if (!settings.ok) return setMessage('Fix the settings first.');
    const built = teachingPayloadFor(project, s.run ? { ...s.choice, traceIds: s.run.traceIds } : s.choice, settings.settings, s.step);
    if (!built.ok) return setMessage(built.message);
    try {
      const url = teachingUrl(location.href, await encodeTeachingLink(built.payload));
      setLink(url);
      await navigator.clipboard?.writeText(url).then(
        () => setMessage(`Teaching link copied${built.note ? `. ${built.note}` : '.'}`),
        () => setMessage(`Copy the link below${built.note ? `. ${built.note}` : '.'}`),
      );
    } catch (e) {
      setMessage(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <div className="sim-teaching">
      <Toggle pressed={presenter} onChange={(v) => simulationStore().getState().setPresenter(v)} label="Presenter" icon="present" />
      <Button icon="link" iconOnly label="Copy teaching link" onClick={() => void copy()} />
      {message ? <span role="status"><CodeText text={message} /></span> : null}
      {link ? <input className="sim-link-out" readOnly aria-label="Teaching link" value={link} onFocus={(e) => e.currentTarget.select()} /> : null}
    </div>
  );
}
