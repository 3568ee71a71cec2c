/**
 * One session of a corpus, replayed as its own run: the same preparation as `simulate` and the one
 * engine's replay, tallied for the report. Used by the CLI (in its process and its worker threads) and by the studio's
 * corpus worker.
 */
import { loadRuleFile } from '../codecs/load.ts';
import { createReplay, type ReplayConfig } from '../engine/replay.ts';
import type { Decision } from '../engine/decisions.ts';
import type { ReplaySettingsInput } from '../engine/settings.ts';
import { prepareSimulation } from '../simulate.ts';
import { firedRulesOf, rulesOf, tallySession, type SessionTally } from './summary.ts';
import { forEachTraceItem } from '../traces/readTrace.ts';

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
  const prepared = prepareSimulation(files, { ...(job.settings.agent !== undefined ? { agentName: job.settings.agent } : {}), profile: job.settings.profile ?? 'spec', errorOnEmpty: job.settings.errorOnEmpty === true });
  const config: ReplayConfig | undefined =
    prepared.agent || prepared.workflow ? { ...(prepared.agent ? { agent: prepared.agent } : {}), ...(prepared.workflow ? { workflow: prepared.workflow } : {}), settings: job.settings } : undefined;
  return { config, diagnostics: prepared.diagnostics, rules: rulesOf(prepared.agent, prepared.workflow) };
}

/** Replays one session's text and tallies it. */
export function replaySession(config: ReplayConfig, name: string, text: string): SessionResult {
  const replay = createReplay(config);
  const tally = tallySession(name, firedRulesOf(config.agent));
  const out: Decision[] = [];
  forEachTraceItem(name, text, (item) => {
    replay.pushInto(item, out);
    for (const d of out) tally.add(d);
    out.length = 0;
  });
  const done = tally.finish();
  return { session: done.session, rules: [...done.rules] };
}
