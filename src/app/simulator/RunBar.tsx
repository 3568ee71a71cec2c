/** Which documents to replay, Run and Cancel, the progress bar and what went wrong. */
import { useStudio, useStudioStore } from '../state/context.tsx';
import { Button } from '../components/ui/Button.tsx';
import { ProgressBar } from '../components/ui/ProgressBar.tsx';
import { useSimulation } from './useSimulation.ts';
import { simulationStore } from './simulationStore.ts';
import { decidedInPolicyView, resolveChoice, unreadStatus, type UnreadTrace } from './runRequest.ts';
import { staleBy } from './runStale.ts';
import { SaveAsTest } from '../tests/SaveAsTest.tsx';
import { liveStore } from './liveStore.ts';
import { runHeld } from './teaching.ts';
import { useStore } from 'zustand';
import { importPending, importProgressStore } from '../persistence/importProgress.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import { Select } from '../components/ui/Select.tsx';
import type { Diagnostic } from '../../core/diagnostics/types.ts';

const fmt = (n: number) => n.toLocaleString('en-US');

export function RunBar() {
  const live = useStore(liveStore, (s) => s.active);
  const project = useStudio((s) => s.project);
  const choice = useSimulation((s) => s.choice);
  const run = useSimulation((s) => s.run);
  const progress = useSimulation((s) => s.progress);
  const error = useSimulation((s) => s.error);
  const diagnostics = useSimulation((s) => s.diagnostics);
  const held = useSimulation((s) => s.held);
  const unread = useSimulation((s) => s.unread);
  const studio = useStudioStore();
  const sim = simulationStore().getState();
  const resolved = resolveChoice(project, choice);
  const agents = project.docs.filter((d) => d.kind === 'agent');
  const workflows = project.docs.filter((d) => d.kind === 'workflow');
  const running = run?.status === 'running';
  // A run started while files are still being imported would replay without them.
  const importing = useStore(importProgressStore, importPending);
  const total = progress?.totalItems;
  const pct = progress?.totalItems
    ? Math.round((progress.items / progress.totalItems) * 100)
    : progress?.totalBytes
      ? Math.round(((progress.bytes ?? 0) / progress.totalBytes) * 100)
      : undefined;
  // A finished run is full whether or not its size was known (lazily expanded scripted traces have no total).
  const shown = running ? (pct ?? 0) : run ? 100 : 0;
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const stale = staleBy(project, run);

  return (
    <div className="sim-runbar">
      <label>
        Agent{' '}
        <Select value={resolved.agentDocId ?? ''} onChange={(v) => sim.setChoice({ agentDocId: v === '' ? null : v })} options={[{ value: '', label: '(none)' }, ...agents.map((d) => ({ value: d.id, label: d.fileName }))]} />
      </label>
      <label>
        Workflow{' '}
        <Select value={resolved.workflowDocId ?? ''} onChange={(v) => sim.setChoice({ workflowDocId: v === '' ? null : v })} options={[{ value: '', label: '(none)' }, ...workflows.map((d) => ({ value: d.id, label: d.fileName }))]} />
      </label>
      {/* with Codex or Gemini CLI rules chosen, the panel's one primary action is Open the Policy view */}
      <Button variant={decidedInPolicyView(project, choice) ? 'default' : 'primary'} icon="play" label="Run" onClick={() => void sim.start(project)} disabled={importing} title={importing ? 'Waiting for the import to finish' : undefined} />
      <Button label="Cancel" onClick={() => sim.cancel()} disabled={!running} />
      {/* while a session is followed, the live view has its own Save as test (a placeholder keeps the bar's layout) */}
      {live ? <span hidden /> : <SaveAsTest />}
      <ProgressBar label="Simulation progress" percent={shown} valueText={progress ? `${fmt(progress.items)}${total ? ` of ${fmt(total)}` : ''} items` : 'not started'} />
      <span className="sim-status" role="status">
        {/* a followed session's decisions are in the live view below, not a run of this bar (review16) */}
        {run
          ? statusText(run.status, run.log.length, run.items, run.endedAt !== undefined ? run.endedAt - run.startedAt : undefined, (progress?.items ?? 0) > 0 || (progress?.bytes ?? 0) > 0)
          : live
            ? 'Following a live session: its decisions are below'
            : unread
              ? unreadStatus(unread)
              : 'Not run yet'}
      </span>
      {stale && !live ? (
        <div className="sim-stale" role="status">
          <span>
            {stale === 'rules' ? 'The rules changed since this run' : 'The trace changed since this run'}: the decisions and rule numbers shown may no longer hold.
          </span>{' '}
          <Button size="sm" variant="primary" icon="play" label="Run again" onClick={() => void sim.start(project)} disabled={importing} />
        </div>
      ) : null}
      {held ? (
        <div className="sim-held" role="alert">
          <CodeText text={held.message} />{' '}
          <Button size="sm" variant="primary" label="Run it" onClick={() => void runHeld(studio)} /> <Button size="sm" label="Not now" onClick={() => sim.hold(undefined)} />
        </div>
      ) : null}
      {run && !error && errors.length > 0 ? (
        // A rule set with errors replays as the runtimes run it: its errors stay in sight beside the run.
        <details className="sim-rule-errors">
          <summary>
            Replayed as the rules read, with {errors.length === 1 ? '1 error' : `${fmt(errors.length)} errors`} in the rule files
          </summary>
          <ErrorList errors={errors} />
        </details>
      ) : null}
      {error && decidedInPolicyView(project, choice) ? (
        // not a failure: where these rules are decided (the note below says it too)
        <div className="sim-error sim-error-info" role="status">
          {error}
        </div>
      ) : error ? (
        <div className="sim-error" role="alert">
          {error}
          {run?.status === 'failed' ? (
            <>
              {' '}
              <Button size="sm" label="Run again" onClick={() => void sim.start(project)} />
            </>
          ) : null}
          {errors.length > 0 ? <ErrorList errors={errors} /> : null}
          {unread ? <UnreadList unread={unread} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/** The first 20 errors of the rule files, each with its place. */
function ErrorList({ errors }: { errors: readonly Diagnostic[] }) {
  return (
    <ul aria-label="Errors in the rule files">
      {errors.slice(0, 20).map((d, i) => (
        <li key={i}>
          {d.file}:{d.range.start.line}:{d.range.start.column} {d.code} <CodeText text={d.message} />
        </li>
      ))}
    </ul>
  );
}

/** The first problem of a refused scripted trace as `name:line:column message` (the trace editor marks them all). */
function UnreadList({ unread }: { unread: UnreadTrace }) {
  const [first] = unread.problems;
  const more = unread.problems.length - 1;
  if (!first) return null;
  return (
    <ul aria-label={`Errors in ${unread.name}`}>
      <li>
        {unread.name}:{first.line}:{first.column} <CodeText text={first.message.replace(/^line \d+: /, '')} />
      </li>
      {more > 0 ? <li>and {fmt(more)} more, marked in the trace editor</li> : null}
    </ul>
  );
}

/**
 * `moved`: the worker has reported a step read or replayed. Before it has, the run is starting (the
 * worker loading, the rules compiling): "Running… 0 decisions" stood there for seconds (review17 #9).
 */
function statusText(status: string, decisions: number, items: number, ms: number | undefined, moved: boolean): string {
  const took = ms !== undefined ? ` in ${(ms / 1000).toFixed(2)} s` : '';
  switch (status) {
    case 'running':
      return decisions === 0 && !moved ? 'Starting the run…' : `Running… ${fmt(decisions)} decisions`;
    case 'done':
      return `Done: ${fmt(decisions)} decisions from ${fmt(items)} steps${took}`;
    case 'stopped':
      return `Stopped after ${fmt(items)} steps: ${fmt(decisions)} decisions`;
    case 'cancelled':
      return `Cancelled after ${fmt(decisions)} decisions`;
    case 'invalid':
      return 'Not run: the rule files cannot be read';
    case 'failed':
      return 'The run failed';
    default:
      return '';
  }
}
