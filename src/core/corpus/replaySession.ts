/**
 * One session of a corpus, replayed as its own run: the same preparation as `simulate` and the one
 * engine's replay, tallied for the report. Used by the CLI (in its process and its worker processes) and by the studio's
 * corpus worker.
 */
import { loadRuleFile } from '../codecs/load.ts';
import { createReplay, type ReplayConfig } from '../engine/replay.ts';
import type { Decision } from '../engine/decisions.ts';
import type { ReplaySettingsInput } from '../engine/settings.ts';
import { prepareSimulation } from '../simulate.ts';
import { firedRulesOf, rulesOf, tallySession, type SessionTally } from './summary.ts';
import { forEachTraceItem } from '../traces/readTrace.ts';
import { createTraceBytesReader } from '../traces/traceBytes.ts';
import type { TraceItem } from '../traces/events.ts';

/** What every worker needs to replay sessions: the rule files' texts and the settings. */
export interface CorpusJob {
  rules: { path: string; text: string }[];
  settings: ReplaySettingsInput;
}

/** A session's tally as it crosses a thread (maps as entries). */
export interface SessionResult {
  session: ReturnType<SessionTally['finish']>['session'];
  rules: [string, { stopped: number; interrupts: number; fired: number }][];
}

/** The replay config and rule list of a job (undefined config: nothing to replay against). */
export function prepareJob(job: CorpusJob) {
  const files = job.rules.map((r) => loadRuleFile(r.path, r.text));
  const prepared = prepareSimulation(files, { ...(job.settings.agent !== undefined ? { agentName: job.settings.agent } : {}), profile: job.settings.profile, errorOnEmpty: job.settings.errorOnEmpty === true });
  const config: ReplayConfig | undefined =
    prepared.agent || prepared.workflow ? { ...(prepared.agent ? { agent: prepared.agent } : {}), ...(prepared.workflow ? { workflow: prepared.workflow } : {}), settings: job.settings } : undefined;
  return { config, diagnostics: prepared.diagnostics, rules: rulesOf(prepared.agent, prepared.workflow) };
}

/** Replays sessions one after another against one rule set, the engine built once (see {@link createSessionReplayer}). */
export interface SessionReplayer {
  /** Replays one session's text (as `simulate` reads decoded text) and tallies it. */
  text(name: string, text: string): SessionResult;
  /**
   * Replays one session file read as bytes (as `simulate --trace` reads it: UTF-8 canonical JSONL
   * through the byte reader): `read` hands each chunk of the file to `push`, in order, and returns
   * once it has read them all. The chunks are not kept: the caller may reuse its buffer.
   */
  bytes(name: string, read: (push: (chunk: Uint8Array) => void) => void): SessionResult;
}

/**
 * A replayer of many sessions: the engines are built once and put back into their fresh state
 * before each session (the replay's `restore`, which gives exactly the decisions a fresh replay
 * gives), decisions' times are not formatted (the tally reads none), and one decision list is
 * reused, so a session costs only its events.
 */
export function createSessionReplayer(config: ReplayConfig): SessionReplayer {
  const replay = createReplay({ ...config, timesAsMs: true });
  const fresh = replay.save();
  const fired = firedRulesOf(config.agent);
  const out: Decision[] = [];
  let tally: SessionTally | undefined;
  const visit = (item: TraceItem) => {
    replay.pushInto(item, out);
    for (let i = 0; i < out.length; i++) tally?.add(out[i] as Decision);
    out.length = 0;
  };
  const run = (name: string, read: () => void): SessionResult => {
    replay.restore(fresh);
    tally = tallySession(name, fired);
    try {
      read();
      const done = tally.finish();
      return { session: done.session, rules: [...done.rules] };
    } finally {
      out.length = 0;
      tally = undefined;
    }
  };
  return {
    text: (name, text) => run(name, () => forEachTraceItem(name, text, visit)),
    bytes: (name, read) =>
      run(name, () => {
        const reader = createTraceBytesReader(name);
        read((chunk) => reader.push(chunk, visit));
        reader.end(visit);
      }),
  };
}

/** Replays one session's text and tallies it (a replayer of its own: for many sessions, use {@link createSessionReplayer}). */
export function replaySession(config: ReplayConfig, name: string, text: string): SessionResult {
  return createSessionReplayer(config).text(name, text);
}
