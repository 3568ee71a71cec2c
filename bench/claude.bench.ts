/**
 * Issue 23: Claude Code's permission rules. Replaying the largest Claude Code transcript under a
 * sample project policy (the `claude` profile of the one engine, as `simulate` runs it), and
 * learning an allow list from every transcript (as `rule-studio learn` does). The transcripts are
 * the project's copies of marot/spotter's fixtures (`test/data/claude-transcripts/`), plus the
 * upstream folder's when `RULE_STUDIO_UPSTREAM` holds it. CPU medians.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import '../src/app/state/codecsEager.ts';
import { loadRuleFile } from '../src/core/codecs/load.ts';
import { prepareSimulation } from '../src/core/simulate.ts';
import { createReplay } from '../src/core/engine/replay.ts';
import { readTrace } from '../src/core/traces/index.ts';
import { learnAllowList } from '../src/core/permissions/claude/learn.ts';
import type { ToolCallInput } from '../src/core/permissions/claude/types.ts';
import { medianCpu } from './measure.ts';

const CWD = '/home/USER/projects/spotter-worktrees/spotter-dov';
const SETTINGS_PATH = `${CWD}/.claude/settings.json`;
/** A project policy of the kind the transcripts' project would keep. */
const SETTINGS = JSON.stringify({
  permissions: {
    allow: ['Bash(bd *)', 'Bash(mix test *)', 'Bash(git status)', 'Bash(git diff *)', 'Read', 'Glob', 'Grep', 'Skill(elixir:*)', 'WebFetch(domain:hex.pm)'],
    ask: ['Bash(git push *)', 'Edit(/config/**)'],
    deny: ['Bash(rm -rf *)', 'Read(./.env)', 'WebFetch(domain:example.com)'],
  },
});

function transcripts(): { path: string; text: string }[] {
  const dirs = ['test/data/claude-transcripts', resolve(process.env['RULE_STUDIO_UPSTREAM'] ?? '../shared/upstream', 'marot-spotter/test/fixtures/transcripts')];
  const seen = new Set<string>();
  const out: { path: string; text: string }[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort()) {
      const text = readFileSync(join(dir, f), 'utf8');
      if (seen.has(text)) continue;
      seen.add(text);
      out.push({ path: join(dir, f), text });
    }
  }
  return out;
}

export interface ClaudeFigures {
  transcripts: number;
  largest: { path: string; kb: number; calls: number; replayMs: number };
  /** The largest transcript's calls repeated to 100,000, replayed as one session. */
  scaled: { calls: number; replayMs: number };
  learn: { calls: number; proposals: number; learnMs: number };
}

export function benchClaude(): ClaudeFigures {
  const all = transcripts();
  const largest = all.reduce((a, b) => (b.text.length > a.text.length ? b : a));
  const prepared = prepareSimulation([loadRuleFile(SETTINGS_PATH, SETTINGS)]);
  if (!prepared.runnable || !prepared.agent) throw new Error('the sample policy did not load');
  const agent = prepared.agent;
  const items = readTrace(largest.path, largest.text).items;
  const calls = items.filter((i) => i.kind === 'event' && i.event.type === 'tool_call').length;
  const replayAll = (list: typeof items) => {
    const r = createReplay({ agent, settings: { cwd: CWD, home: '/home/USER' } });
    let n = 0;
    for (const item of list) n += r.push(item).length;
    return n;
  };
  const replay = medianCpu(21, () => replayAll(items));
  const callItems = items.filter((i) => i.kind === 'event' && i.event.type === 'tool_call');
  const scaledItems = Array.from({ length: Math.ceil(100_000 / Math.max(1, callItems.length)) }, () => callItems).flat().slice(0, 100_000);
  const scaled = medianCpu(5, () => replayAll(scaledItems));

  const learnCalls: ToolCallInput[] = [];
  for (const t of all)
    for (const item of readTrace(t.path, t.text).items) if (item.kind === 'event' && item.event.type === 'tool_call') learnCalls.push({ name: item.event.tool, input: item.event.args });
  const settings = [{ scope: 'project' as const, path: SETTINGS_PATH, text: SETTINGS }];
  const learned = medianCpu(11, () => learnAllowList(learnCalls, settings, { cwd: CWD, home: '/home/USER' }));
  return {
    transcripts: all.length,
    largest: { path: largest.path, kb: largest.text.length / 1024, calls, replayMs: replay.ms },
    scaled: { calls: scaledItems.length, replayMs: scaled.ms },
    learn: { calls: learnCalls.length, proposals: learned.value.proposals.length, learnMs: learned.ms },
  };
}
