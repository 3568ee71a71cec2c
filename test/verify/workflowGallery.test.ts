/**
 * The workflow verifier on the gallery's hegel-execution workflow, under both profiles: the exact
 * findings with their shortest sessions, and the size of the search. The numbers pin the state
 * abstraction: a faster search (cheaper save/restore, a cheaper key) must explore exactly the same
 * states and find exactly the same sessions. Every session replays through `simulate`'s replay.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import type { Workflow } from '../../src/core/model/workflow.ts';
import type { VerifyFinding } from '../../src/core/verify/findings.ts';
import { briefOf, expectWorkflowReproduces, verifyAsCli } from './workflowHelpers.ts';

const FILE = 'examples/hegel-execution.yaml';
const workflow = (): Workflow => loadRuleFile(FILE, readFileSync(FILE, 'utf8')).workflows[0] as Workflow;

/** A session as one line: its steps, YAML-ish. */
const sessionOf = (f: VerifyFinding) => (f.trace?.steps ?? []).map((s) => JSON.stringify(s)).join(' ');

const start = '{"workflow_start":true}';
const next = (when: string) => `{"next":["${when}"]}`;
const stay = '{"next":[]}';
const commit = '{"commit":"c0ffee"}';
const bash = '{"bash":"cargo build"}';
const edit = '{"edit":"src/a"}';
const times = (n: number, s: string) => Array.from({ length: n }, () => s);

describe('verify examples/hegel-execution.yaml', () => {
  it('spec: a shortest session firing each of its seven rules, and the search that finds them', () => {
    const wf = workflow();
    const r = verifyAsCli(wf, { profile: 'spec' });
    expect(briefOf(r.findings)).toEqual(['V012 plan #1', 'V012 code #1', 'V012 code #2', 'V012 code #3', 'V012 code #4', 'V012 code #5', 'V012 readme #1']);
    const toCode = [start, next('spec_complete'), commit, next('plan_complete')];
    expect(r.findings.map(sessionOf)).toEqual([
      [start, next('spec_complete'), next('plan_complete')].join(' '),
      [...toCode, next('code_complete')].join(' '),
      [...toCode, ...times(5, bash), commit, next('code_complete')].join(' '),
      [...toCode, ...times(8, edit), commit, next('code_complete')].join(' '),
      [...toCode, '{"tokens":{"input":8001,"output":0}}', commit, next('code_complete')].join(' '),
      [...toCode, commit, '{"next":["code_complete"],"after":601000}'].join(' '),
      [...toCode, commit, next('code_complete'), next('code_review_complete'), next('readme_complete')].join(' '),
    ]);
    expect(r.stats).toEqual({ states: 1766, transitions: 14140, depth: 12, exhaustive: false, settled: true });
    for (const f of r.findings) expectWorkflowReproduces(wf, f, { profile: 'spec' });
  });

  it('hegel: the same rules, each fired by the next that lands on its node, and the search that finds them', () => {
    const wf = workflow();
    const r = verifyAsCli(wf, { profile: 'hegel' });
    expect(briefOf(r.findings)).toEqual(['V012 plan #1', 'V012 code #1', 'V012 code #2', 'V012 code #3', 'V012 code #4', 'V012 code #5', 'V012 readme #1']);
    expect(r.findings.map(sessionOf)).toEqual([
      [start, next('spec_complete'), stay].join(' '),
      [start, next('spec_complete'), next('plan_complete'), stay].join(' '),
      [start, next('spec_complete'), ...times(5, bash), next('plan_complete')].join(' '),
      [start, next('spec_complete'), ...times(8, edit), next('plan_complete')].join(' '),
      [start, next('spec_complete'), next('plan_complete'), '{"tokens":{"input":8001,"output":0}}', commit, stay].join(' '),
      [start, next('spec_complete'), next('plan_complete'), commit, '{"next":[],"after":601000}'].join(' '),
      [start, next('spec_complete'), next('plan_complete'), next('code_complete'), next('code_review_complete'), stay].join(' '),
    ]);
    expect(r.stats).toEqual({ states: 53688, transitions: 239446, depth: 9, exhaustive: false, settled: true });
    for (const f of r.findings) expectWorkflowReproduces(wf, f, { profile: 'hegel' });
  });
});
