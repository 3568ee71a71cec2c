/**
 * `simulate`'s fast paths (the canonical byte reader with its time parser and string table, the
 * replay with `timesAsMs`, the byte writer with its cached pieces and history lists) print exactly
 * what the slow paths give: the trace read as text by the full reader (JSON.parse and the zod
 * schema), replayed with decision times as text, each decision written by `serializeDecision` and
 * the CLI's terminal escaping. On a generated trace with every time form the readers accept
 * (fractions of 0–9 digits, `Z`/`z`, offsets with and without a colon, `T`/`t`/space, days
 * changing), repeated and distinct arguments, arguments the fast path leaves (escapes, non-ASCII,
 * `#`, nesting), bad lines, times going backwards, and blocked decisions whose executed-tools list
 * grows to thousands of names — with dedupe on, off and short, read in chunks of any size.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonTermSafe } from '../../src/cli/escape.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { writeAgentsToml } from '../../src/core/codecs/write/agentsToml.ts';
import { serializeDecision } from '../../src/core/engine/decisions.ts';
import { replayItems } from '../../src/core/engine/replay.ts';
import type { Agent, ToolRule } from '../../src/core/model/toolRules.ts';
import { readTrace } from '../../src/core/traces/index.ts';
import { prng } from '../../bench/random.ts';
import { runStreamedCli } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'rule-studio-oracle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Forty tools with the rules whose decisions carry messages (prerequisites, groups, operations) and the rest. */
function agent(): Agent {
  const tools = Array.from({ length: 40 }, (_, i) => `tool_${i}`);
  const rules: ToolRule[] = [];
  const r = (tool_name: string, rule_type: ToolRule['rule_type'], conditions: string[] = []) => rules.push({ tool_name, rule_type, conditions, priority: 5 });
  r('tool_0', { type: 'StartConstraint' });
  for (let i = 1; i < 40; i++) {
    const t = tools[i] as string;
    if (i % 3 === 0) r(t, { type: 'RequiresPrecedingTools' }, [tools[i - 1] as string]);
    if (i % 4 === 0) r(t, { type: 'MaxCalls', value: 400 });
    if (i % 5 === 0) r(t, { type: 'Cooldown', value: 1 });
    if (i % 7 === 0) r(t, { type: 'RequiresFollowingTools' }, ['never_called']);
    if (i % 11 === 0) r(t, { type: 'AllowedOperations', value: ['read', 'write'] });
    if (i % 13 === 0) r(t, { type: 'ExclusiveGroups', value: [[t, tools[i + 1] as string]] });
    if (i % 17 === 0) r(t, { type: 'Periodic', value: 60_000 });
    if (i % 19 === 0) r(t, { type: 'ContinueLoop' });
    if (i % 23 === 0) r(t, { type: 'RequiresConsent', value: {} });
  }
  return { name: 'oracle', tools: [...tools, 'never_called'].map((name) => ({ name })), rules };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The instant `ms` written in one of the forms the readers accept (the same instant, any offset). */
function timeText(ms: number, rnd: () => number): string {
  const offsets = [0, 0, 0, 120, -330, 545, -720, 840];
  const off = offsets[Math.floor(rnd() * offsets.length)] as number;
  const d = new Date(ms + off * 60_000);
  const sep = ['T', 'T', 't', ' '][Math.floor(rnd() * 4)] as string;
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}${sep}${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const milli = pad(d.getUTCMilliseconds(), 3);
  // microseconds mostly, as high-resolution tools write them; finer digits are truncated by the readers
  const digits = [3, 6, 6, 6, 9, 4][Math.floor(rnd() * 6)] as number;
  let fraction = `.${milli}${Array.from({ length: digits - 3 }, () => Math.floor(rnd() * 10)).join('')}`;
  if (d.getUTCMilliseconds() === 0 && rnd() < 0.5) fraction = '';
  const abs = Math.abs(off);
  const zone = off === 0 ? (rnd() < 0.9 ? 'Z' : 'z') : `${off < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${rnd() < 0.5 ? ':' : ''}${pad(abs % 60)}`;
  return `${date}${fraction}${zone}`;
}

/** A canonical trace of `n` lines: batches of up to 2,500 calls, so executed-tools lists grow long. */
function trace(n: number, seed: number): string {
  const rnd = prng(seed);
  // 23:58 UTC: the days change within the trace, in UTC and in the offsets
  let time = Date.UTC(2025, 0, 1, 23, 58, 0, 0);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    time += Math.floor(rnd() * 40);
    const t = timeText(time, rnd);
    const u = rnd();
    if (i % 2500 === 0) lines.push(`{"type":"batch_start","time":"${t}"}`);
    else if (u < 0.002) lines.push('not json');
    else if (u < 0.004) lines.push(`{"type":"tool_call","time":"${timeText(time - 60_000, rnd)}","tool":"tool_1"}`);
    else if (u < 0.006) lines.push(`{"type":"tool_call","time":"${t}","tool":"tool_${Math.floor(rnd() * 40)}","args":{"path":"caf\u00e9 #1","q":"a\\"b","deep":{"k":[1,2]}}}`);
    else if (u < 0.008) lines.push(`{"type":"tool_call","time":"${t}","tool":"unknown_tool","outcome":"error","duration_ms":12}`);
    else if (u < 0.01) lines.push(`{ "type" : "tool_call", "time" : "${t}", "tool" : "tool_${Math.floor(rnd() * 40)}" , "args" : { "n" : -1.5e3 , "ok" : true , "none" : null } }`);
    else {
      const tool = `tool_${Math.floor(rnd() * 40)}`;
      const operation = rnd() < 0.9 ? 'read' : 'delete';
      // half the calls repeat their arguments (dedupe merges them), half are distinct
      const args = rnd() < 0.5 ? `{"operation":"${operation}"}` : `{"operation":"${operation}","n":${i}}`;
      lines.push(`{"type":"tool_call","time":"${t}","tool":"${tool}","args":${args}}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const agentPath = join(dir, 'agent.toml');
const agentText = writeAgentsToml([agent()]).text;
writeFileSync(agentPath, agentText);
const tracePath = join(dir, 'trace.jsonl');
const traceText = trace(6000, 28);
writeFileSync(tracePath, traceText);

/** The slow paths: full text reader, times as text, `serializeDecision` and the terminal escaping. */
function oracle(dedupeWindowMs: number | undefined): string {
  const a = loadRuleFile(agentPath, agentText).agents[0] as Agent;
  const items = readTrace(tracePath, traceText).items;
  const decisions = replayItems(items, { agent: a, settings: dedupeWindowMs === undefined ? {} : { dedupeWindowMs } });
  return decisions.map((d) => `${jsonTermSafe(serializeDecision(d))}\n`).join('');
}

describe('simulate: the fast paths print what the slow paths print', () => {
  it.each([
    ['the default dedupe window', undefined],
    ['dedupe off', 0],
    ['a 30 ms dedupe window', 30],
  ])('with %s, at any chunk size', async (_name, window) => {
    const expected = oracle(window);
    // the trace has what it is meant to have
    expect(expected).toMatch(/Executed tools: \[(\\"tool_\d+\\", ){1000}/);
    expect(expected).toContain('"kind":"error"');
    expect(expected.includes('"kind":"deduplicated"')).toBe(window !== 0);
    for (const chunk of [1 << 20, 4093, 61]) {
      const r = await runStreamedCli(['simulate', agentPath, '--trace', tracePath, ...(window === undefined ? [] : ['--dedupe-window', String(window)])], chunk);
      expect(r.code).toBe(0);
      expect(r.stdout === expected, `chunks of ${chunk} bytes`).toBe(true);
    }
  });
});
