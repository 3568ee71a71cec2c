/** The engine state at the selected step (region `State`), as the worker's stepper reports it. */
import { ruleNumber } from '../../core/model/ruleNumber.ts';
import { ruleTypeLabel } from '../../core/describe/ruleNames.ts';
import type { ToolEngineSnapshot } from '../../core/engine/tools/types.ts';
import type { WorkflowEngineSnapshot } from '../../core/engine/workflow/snapshot.ts';
import { traceTime } from './traceTime.ts';
import { useSimulation } from './useSimulation.ts';
import { LettaAllowedState } from './LettaAllowedState.tsx';
import { stepLabel } from './stepNumbering.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import { NodeName } from '../graph/NodeName.tsx';
import { useStudio } from '../state/context.tsx';
import { agentFamilyOf } from './runRequest.ts';
import { calledOnce } from './calledList.ts';

const time = traceTime;
const secs = (ms: number) => `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s`;
const list = (xs: readonly string[]) => (xs.length > 0 ? xs.join(', ') : 'none');

export function StatePanel() {
  const inspection = useSimulation((s) => s.inspection);
  const state = inspection?.state;
  const choice = useSimulation((s) => s.choice);
  // Claude Code has no ordering scope, start tools or exit requirements: their rows would say nothing.
  const claude = useStudio((s) => agentFamilyOf(s.project, choice) === 'claude');
  return (
    // Focusable, so keyboard users can scroll it (it scrolls when the state is long).
    <section className="sim-state" aria-label="State" tabIndex={0}>
      <h3>State {state ? (state.step < 0 ? 'before the first step' : `after ${stepLabel(state.step).toLowerCase()}`) : ''}</h3>
      {!state ? <p className="sim-muted">Select a step to see the engine state there.</p> : null}
      {state?.lineError ? (
        <p>
          Unusable line {state.lineError.line}: <CodeText text={state.lineError.message} />
        </p>
      ) : null}
      {state?.snapshot.tools ? <ToolState s={state.snapshot.tools} calledCount={state.calledCount} claude={claude} /> : null}
      {state?.snapshot.workflow ? <WorkflowState s={state.snapshot.workflow} /> : null}
    </section>
  );
}

/** The calls of the ordering scope: all of them, or their number and the last ones the worker sent. */
function calledText(called: readonly string[], count: number | undefined): string {
  if (count === undefined || count <= called.length) return calledOnce(called);
  return `${count.toLocaleString('en-US')} calls, the last ${called.length}: …, ${calledOnce(called)}`;
}

/** A time on the trace's clock: the time of day (the full date and time on hover), or `+1m 20s` for a clockless trace. */
function TraceClock({ ms }: { ms: number | null }) {
  const full = time(ms);
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?Z$/.exec(full);
  if (!m) return <>{full}</>;
  const fraction = m[3] && !/^\.0+$/.test(m[3]) ? m[3] : '';
  return (
    <time dateTime={full} title={full}>
      {m[2]}
      {fraction} <span className="sim-muted">{m[1]} UTC</span>
    </time>
  );
}

function ToolState({ s, calledCount, claude }: { s: ToolEngineSnapshot; calledCount: number | undefined; claude: boolean }) {
  return (
    <div className="sim-state-block">
      <h4>Tools</h4>
      <dl className="sim-kv">
        <dt>Clock</dt>
        <dd>
          <TraceClock ms={s.time} />
        </dd>
        <dt>Last flow</dt>
        <dd>
          {s.lastFlow ?? '—'}
          {s.exited ? ' · the loop has exited' : ''}
        </dd>
        {claude ? null : (
          <>
            <dt>Ordering scope</dt>
            <dd>{s.orderingScope}</dd>
          </>
        )}
        <dt>Called</dt>
        <dd>{calledText(s.called, calledCount)}</dd>
        {claude ? null : (
          <>
            <dt>Pending start</dt>
            <dd>{list(s.pendingStart)}</dd>
            <dt>Pending exit</dt>
            <dd>{list(s.pendingExit)}</dd>
          </>
        )}
      </dl>
      {s.letta ? <LettaAllowedState s={s.letta} /> : null}
      {s.calls.length > 0 ? (
        <table>
          <caption>Calls and limits</caption>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col" className="num">
                Calls
              </th>
              <th scope="col" className="num">
                Limit
              </th>
            </tr>
          </thead>
          <tbody>
            {s.calls.map((c) => (
              <tr key={c.tool} className={c.limit !== null && c.executions >= c.limit ? 'sim-at-limit' : undefined}>
                <td>
                  <NodeName name={c.tool} />
                </td>
                <td className="num">{c.executions}</td>
                <td className="num">{c.limit ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {s.cooldowns.length > 0 ? (
        <ul aria-label="Cooldown timers">
          {s.cooldowns.map((c) => (
            <li key={c.tool}>
              {c.tool}: cooldown {secs(c.cooldownMs)}, {c.remainingMs > 0 ? `${secs(c.remainingMs)} left` : 'ready'}
            </li>
          ))}
        </ul>
      ) : null}
      {s.groupClaims.length > 0 ? (
        <ul aria-label="Exclusive groups">
          {s.groupClaims.map((g) => (
            <li key={g.rule}>
              group [{g.group.join(', ')}] (rule {ruleNumber(g.rule)}): held by {list(g.holders)}
            </li>
          ))}
        </ul>
      ) : null}
      {s.consentGrants.length > 0 ? (
        <ul aria-label="Consent grants">
          {s.consentGrants.map((g) => (
            <li key={g.tool}>
              {g.tool}: {g.until === null ? 'to the end' : `until ${time(g.until)}`} {g.active ? '(active)' : '(expired)'}
            </li>
          ))}
        </ul>
      ) : null}
      {s.periodic.length > 0 ? (
        <ul aria-label="Periodic rules">
          {s.periodic.map((p) => (
            <li key={p.rule}>
              {p.tool} (rule {ruleNumber(p.rule)}) due at {time(p.dueAt)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function WorkflowState({ s }: { s: WorkflowEngineSnapshot }) {
  return (
    <div className="sim-state-block">
      <h4>Workflow</h4>
      <p>
        {s.status === 'not_started' ? 'Not started' : s.status === 'done' ? 'Done' : `At ${s.node ?? '—'}`} · phase since {time(s.phaseStart)} · profile {s.profile} · evaluate on{' '}
        {s.evaluateOn}
      </p>
      {s.rules.length > 0 ? (
        <table>
          <caption>Phase metrics vs thresholds</caption>
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">Value</th>
              <th scope="col">Limit</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {s.rules.map((r) => (
              <tr key={r.rule} className={r.violated ? 'sim-at-limit' : undefined}>
                <td>
                  {ruleNumber(r.rule)} {ruleTypeLabel(r.type)}
                </td>
                <td>
                  {r.value} {r.unit}
                </td>
                <td>{r.limit}</td>
                <td>{r.inert ? 'inert' : r.firing ? 'firing' : r.violated ? 'violated' : 'ok'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {s.rules
        .filter((r) => r.window && r.window.length > 0)
        .map((r) => (
          <details key={`w${r.rule}`}>
            <summary>
              Window of rule {r.rule} ({r.window?.length} items)
            </summary>
            <ol>
              {r.window?.map((w, i) => (
                <li key={i}>
                  {time(w.time)} {w.tool}: <CodeText text={w.text} />
                </li>
              ))}
            </ol>
          </details>
        ))}
    </div>
  );
}
