/**
 * "Would this be allowed?": a field in the Policy view where one call is typed and decided by the
 * dialect's engine with the deciding rule, without a trace (review15 #3). The dialect says how the
 * call is decided and how its answer reads (`decide`).
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../components/ui/Button.tsx';
import { TRY_SESSION } from './tryCallText.ts';

export interface TryCallProps<R extends { skipped: readonly { reason: string }[] }> {
  /** An example of what to type, in the dialect's words. */
  placeholder: string;
  /** What may be typed, for the field's description. */
  hint: string;
  /** The typed call as a one-call session text of the dialect (throws, with why, on what it cannot read). */
  session: (text: string) => string;
  /** Decides the session with the view's own worker job. */
  run: (session: { name: string; text: string }) => Promise<R>;
  /** How the one call was decided, or undefined when it was not read (the answer's first skip says why). */
  show: (answer: R) => ReactNode | undefined;
}

export function TryCall<R extends { skipped: readonly { reason: string }[] }>({ placeholder, hint, session, run, show }: TryCallProps<R>) {
  const decide = async (text: string): Promise<ReactNode> => {
    const answer = await run({ name: TRY_SESSION, text: session(text) });
    const shown = show(answer);
    if (shown === undefined) throw new Error(answer.skipped[0]?.reason ?? 'the call could not be read');
    return shown;
  };
  const id = useId();
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<{ asked: string; body: ReactNode; error?: boolean }>();
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const asked = text.trim();
    if (asked === '') return;
    setBusy(true);
    decide(asked).then(
      (body) => setAnswer({ asked, body }),
      (err: unknown) => setAnswer({ asked, body: err instanceof Error ? err.message : String(err), error: true }),
    ).finally(() => setBusy(false));
  };
  return (
    <form className="policy-try" aria-label="Would this be allowed?" onSubmit={submit}>
      <label htmlFor={`${id}-call`}>Would this be allowed?</label>
      <input id={`${id}-call`} className="ui-input" type="text" value={text} placeholder={placeholder} aria-describedby={`${id}-hint`} spellCheck={false} autoComplete="off" onChange={(e) => setText(e.target.value)} />
      <Button size="sm" type="submit" label="Decide" disabled={busy || text.trim() === ''} />
      <span id={`${id}-hint`} className="visually-hidden">
        {hint}
      </span>
      <div className="policy-try-answer" role="status" aria-live="polite">
        {answer ? (
          <div className={answer.error ? 'corpus-error' : undefined}>
            <p className="corpus-muted">
              <code className="policy-try-asked">{answer.asked}</code>
            </p>
            {answer.body}
          </div>
        ) : null}
      </div>
    </form>
  );
}
