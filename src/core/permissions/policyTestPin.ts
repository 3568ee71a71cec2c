/**
 * "Save as test" for Codex execpolicy and Gemini CLI policies: a new `*.test.yaml` that replays a
 * session (a trace file of the project, named, not copied) and pins each call's decision and
 * deciding rule as the test runner sees them now. The calls are read and decided by the test
 * runner's own {@link callsOf} and {@link deciderFor}, so the file passes when it is written and
 * fails when an edit changes a pinned decision.
 */
import { Document, YAMLMap, YAMLSeq } from 'yaml';
import { expectationNodes } from '../tests/write.ts';
import { append } from '../model/append.ts';
import { callsOf, deciderFor, type PolicyDialect, type PolicyTestFile, type PolicyTestHost } from './policyTests.ts';

/** The most calls one saved test pins (a longer session pins its first calls, and says so). */
export const MAX_PINNED_CALLS = 2_000;

/** What to save: the dialect's rule files and one trace, by the names a test gives them. */
export interface PolicySessionPin {
  dialect: PolicyDialect;
  /** The rule files (`.rules` or Gemini policy `.toml`), as the test file's `rules` names them. */
  rules: readonly string[];
  /** The trace file (a session log or a scripted trace), as the test's `trace` names it. */
  trace: string;
  /** The test's name. */
  name: string;
}

/** The saved test file's text and how many of the trace's calls it pins; or why it cannot be written. */
export type PinnedPolicyTest = { ok: true; text: string; calls: number; pinned: number } | { ok: false; message: string };

/**
 * A test file holding one test: the trace's calls, each pinned as `{ step, decision, rule }` (the
 * first deciding rule as `file:line`, or `none`). Reads the files through `host`; never throws.
 */
export function pinPolicySession(pin: PolicySessionPin, host: PolicyTestHost): PinnedPolicyTest {
  if (pin.rules.length === 0) return { ok: false, message: `no ${pin.dialect === 'codex' ? 'Codex .rules' : 'Gemini CLI policy'} file in the project` };
  const suite: PolicyTestFile = { rules: [...pin.rules], tests: [{ name: pin.name, trace: pin.trace, expect: [] }] };
  const test = suite.tests[0] as PolicyTestFile['tests'][number];
  const read = callsOf(pin.dialect, pin.trace, host);
  if ('errors' in read) return { ok: false, message: read.errors.slice(0, 3).join('; ') };
  const decider = deciderFor(pin.dialect, suite, host);
  if ('errors' in decider) return { ok: false, message: decider.errors.slice(0, 3).join('; ') };
  const expect: { step: number; decision: string; rule: string }[] = [];
  const calls = read.calls.slice(0, MAX_PINNED_CALLS);
  for (const [i, c] of calls.entries()) {
    const seen = decider.decide(c, test);
    if (typeof seen === 'string') return { ok: false, message: `call ${i + 1} of ${pin.trace}: ${seen}` };
    expect.push({ step: i + 1, decision: seen.decision, rule: seen.rules[0] ?? 'none' });
  }
  return { ok: true, text: testFileText(pin, expect), calls: read.calls.length, pinned: expect.length };
}

/** The YAML: `rules` and `dialect` on top, the one test with one flow mapping per expectation. */
function testFileText(pin: PolicySessionPin, expect: readonly object[]): string {
  const doc = new Document({});
  const root = doc.contents as YAMLMap;
  root.set('dialect', pin.dialect);
  root.set('rules', doc.createNode([...pin.rules], { flow: true }));
  const t = new YAMLMap();
  t.set('name', pin.name);
  t.set('trace', pin.trace);
  const seq = new YAMLSeq();
  append(seq.items, expectationNodes(doc, expect));
  t.set('expect', seq);
  root.set('tests', doc.createNode([t]));
  return doc.toString({ lineWidth: 0 });
}
