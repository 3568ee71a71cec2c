/**
 * The Policy view (issue 23, item 6): when the project holds Claude Code settings, their rules in
 * the order Claude Code evaluates them (deny → ask → allow, then scope and file order, as the
 * core merges them) with the number of calls of the loaded sessions (the project's traces) each
 * decided, the allow / ask / deny totals; a rule opens its calls, a call shows why it was decided
 * so. The calls are decided in the policy worker with the core's `policyReport` — the `decide`
 * the `claude` profile and `rule-studio simulate` use.
 */
import { useEffect, useMemo, useState } from 'react';
import type {
  PermissionDecision,
  RuleSource,
  SettingsInput,
} from '../../core/permissions/claude/types.ts';
import type { PolicyAnswer, PolicyCall } from '../../worker/policyService.ts';
import { useStudio } from '../state/context.tsx';
import { runPolicy } from './policyClient.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import '../corpus/corpus.css';
import './policy.css';

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** What a call asked for, on one line (the command, the path, the URL…). */
function callText(c: PolicyCall): string {
  const input = c.call.input ?? {};
  const first = [
    'command',
    'file_path',
    'path',
    'url',
    'query',
    'pattern',
    'notebook_path',
    'skill',
    'subagent_type',
  ]
    .map((k) => input[k])
    .find((v) => typeof v === 'string');
  const arg = typeof first === 'string' ? first : JSON.stringify(input);
  const line = arg.replace(/\s+/g, ' ');
  return `${c.call.name}(${line.length > 90 ? `${line.slice(0, 89)}…` : line})`;
}

const whereOf = (s: Pick<RuleSource, 'file' | 'line' | 'col'>) => `${s.file}:${s.line}:${s.col}`;

/** `null`: the default (calls no rule decided); a number: the rule's row. */
type Selection = number | null | undefined;

export function PolicyView() {
  const docs = useStudio((s) => s.project.docs);
  const traces = useStudio((s) => s.project.traces);
  const settings = useMemo<SettingsInput[]>(
    () =>
      docs.flatMap((d) =>
        d.kind === 'agent' && d.agent.family === 'claude' ? (d.agent.claudeSettings ?? []) : [],
      ),
    [docs],
  );
  const sessions = useMemo(
    () => (traces ?? []).map((t) => ({ name: t.name, text: t.text })),
    [traces],
  );
  const [answer, setAnswer] = useState<PolicyAnswer>();
  const [error, setError] = useState<string>();
  const [selected, setSelected] = useState<Selection>();
  const [why, setWhy] = useState<number>();

  useEffect(() => {
    if (settings.length === 0) return;
    let live = true;
    runPolicy({ settings, sessions }).then(
      (a) => {
        if (!live) return;
        setAnswer(a);
        setError(undefined);
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [settings, sessions]);

  if (settings.length === 0)
    return (
      <section className="corpus-view policy-view" aria-label="Policy">
        <div className="corpus-empty">
          <p className="corpus-empty-title">No Claude Code settings in this project</p>
          <p>
            Open a <code>.claude/settings.json</code> (or <code>settings.local.json</code>,{' '}
            <code>~/.claude/settings.json</code>) to see its permission rules in the order Claude
            Code evaluates them, and which calls of your sessions each rule decides.
          </p>
        </div>
      </section>
    );
  if (error) return <p className="corpus-error">The sessions could not be decided: {error}</p>;
  if (!answer) return <p className="corpus-muted">Deciding the sessions’ calls…</p>;

  const { report, calls } = answer;
  const shownCalls =
    selected === undefined
      ? []
      : selected === null
        ? report.byDefault
        : (report.rules[selected]?.calls ?? []);
  const whyCall = why === undefined ? undefined : calls[why];
  const whyDecision = why === undefined ? undefined : report.decisions[why];
  const label =
    selected === null
      ? 'the default'
      : selected === undefined
        ? ''
        : (report.rules[selected]?.source.text ?? '');

  return (
    <section className="corpus-view policy-view" aria-label="Policy">
      <div className="corpus-head">
        <h2>Policy</h2>
        <span className="corpus-status">
          {count(settings.length, 'settings file')} · {count(report.rules.length, 'rule')} ·{' '}
          {count(calls.length, 'call')} in {count(sessions.length, 'session')}
        </span>
      </div>
      {sessions.length === 0 && (
        <p className="corpus-muted">
          No sessions loaded: import a Claude Code transcript (Import, in the toolbar) to count the
          calls each rule decides.
        </p>
      )}
      <dl className="corpus-totals" aria-label="Decisions">
        {(['allow', 'ask', 'deny'] as PermissionDecision[]).map((d) => (
          <div
            key={d}
            className={`corpus-total${d === 'deny' && report.totals.deny > 0 ? ' is-error' : d === 'ask' && report.totals.ask > 0 ? ' is-warning' : ''}`}
            data-testid={`policy-total-${d}`}
          >
            <dt>{d === 'allow' ? 'Allowed' : d === 'ask' ? 'Asked' : 'Denied'}</dt>
            <dd>{report.totals[d].toLocaleString('en')}</dd>
          </div>
        ))}
      </dl>
      {answer.skipped.length > 0 && (
        <p className="corpus-skipped">
          Lines not read: {answer.skipped.map((s) => `${s.name} (${s.reason})`).join('; ')}.
        </p>
      )}
      <div className="corpus-tables">
        <section className="corpus-section" aria-labelledby="policy-rules-title">
          <h3 id="policy-rules-title">Rules in evaluation order</h3>
          <table className="corpus-table">
            <thead>
              <tr>
                <th scope="col">List</th>
                <th scope="col">Rule</th>
                <th scope="col">Scope</th>
                <th scope="col" className="num">
                  Calls
                </th>
              </tr>
            </thead>
            <tbody>
              {report.rules.map((r, i) => (
                <tr
                  key={`${r.source.list}:${whereOf(r.source)}`}
                  className={`policy-rule-row${selected === i ? ' is-selected' : ''}${r.calls.length === 0 ? ' is-never' : ''}`}
                >
                  <td>
                    <span className={`policy-list is-${r.source.list}`}>{r.source.list}</span>
                  </td>
                  <th scope="row">
                    <button
                      type="button"
                      aria-pressed={selected === i}
                      onClick={() => {
                        setSelected(i);
                        setWhy(undefined);
                      }}
                    >
                      <code>{r.source.text}</code>
                      <span className="policy-where">{whereOf(r.source)}</span>
                    </button>
                  </th>
                  <td>{r.source.scope}</td>
                  <td className="num">{r.calls.length.toLocaleString('en')}</td>
                </tr>
              ))}
              <tr className={`policy-rule-row${selected === null ? ' is-selected' : ''}`}>
                <td />
                <th scope="row">
                  <button
                    type="button"
                    aria-pressed={selected === null}
                    onClick={() => {
                      setSelected(null);
                      setWhy(undefined);
                    }}
                  >
                    No rule (the tool’s default)
                  </button>
                </th>
                <td />
                <td className="num">{report.byDefault.length.toLocaleString('en')}</td>
              </tr>
            </tbody>
          </table>
        </section>
        <section className="corpus-section" aria-labelledby="policy-calls-title">
          <h3 id="policy-calls-title">
            {selected === undefined ? (
              'Calls'
            ) : selected === null ? (
              'Calls left to the default'
            ) : (
              <>
                Calls decided by <code>{label}</code>
              </>
            )}
          </h3>
          {selected === undefined ? (
            <p className="corpus-muted">Choose a rule to list the calls it decided.</p>
          ) : shownCalls.length === 0 ? (
            <p className="corpus-muted">No call of the loaded sessions was decided by {label}.</p>
          ) : (
            <ul className="policy-calls" aria-label={`Calls decided by ${label}`}>
              {shownCalls.slice(0, 500).map((i) => {
                const c = calls[i];
                if (!c) return null;
                return (
                  <li key={i}>
                    <button
                      type="button"
                      className="policy-call"
                      aria-pressed={why === i}
                      onClick={() => setWhy(i)}
                    >
                      <span className={`policy-list is-${report.decisions[i]?.decision ?? 'ask'}`}>
                        {report.decisions[i]?.decision}
                      </span>{' '}
                      <code>{callText(c)}</code>
                      <span className="policy-where">
                        {c.session} · call {c.index + 1}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {whyCall && whyDecision && (
            <div className="policy-why" role="region" aria-label="Why">
              <p>
                <strong>{whyDecision.decision}</strong> — <CodeText text={whyDecision.reason} />
              </p>
              <p className="corpus-muted">
                {whyDecision.rule
                  ? `Decided by ${whyDecision.rule.list} rule ${whyDecision.rule.text} (${whereOf(whyDecision.rule)}, ${whyDecision.rule.scope} settings)`
                  : 'No rule matched: the tool’s default in this mode'}{' '}
                · mode {whyDecision.mode}
              </p>
            </div>
          )}
        </section>
      </div>
    </section>
  );
}
