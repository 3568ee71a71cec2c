import { describe, expect, it } from 'vitest';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { DecisionLog } from '../../src/app/simulator/decisionLog.ts';
import { TimelineRows } from '../../src/app/simulator/timelineFilter.ts';
import { toolsOf } from '../../src/core/simulator/decisionFilter.ts';
import { rowForKey, scrollToRow, visibleRange } from '../../src/app/simulator/virtualWindow.ts';
import { changedSettings, defaultForm, defaultSettings, formToSettings, settingsToForm } from '../../src/app/simulator/settingsForm.ts';
import { decisionsFileName, exportStem, summaryFileName } from '../../src/app/simulator/downloads.ts';
import { highlightOf } from '../../src/app/simulator/highlightOf.ts';
import { buildRequest, decidedInPolicyView, resolveChoice } from '../../src/app/simulator/runRequest.ts';
import { firstDecisionOfEvent } from '../../src/core/simulator/overview.ts';
import { decodeTeachingLink, encodeTeachingLink, teachingPayloadOf, teachingUrl } from '../../src/app/simulator/teachingLink.ts';
import { toggleId } from '../../src/app/simulator/traceInput.ts';
import { teachingPayloadFor } from '../../src/app/simulator/teaching.ts';
import { decisionLabel, kindClass } from '../../src/app/simulator/decisionText.ts';
import type { ProjectData } from '../../src/app/state/store.ts';

const T = '2025-01-01T00:00:00.000Z';
const allowed = (seq: number, event: number, tool = 'x'): Decision => ({ seq, event, time: T, kind: 'allowed', tool, outcome: 'ok', flow: 'continue' });
const blocked = (seq: number, event: number, tool = 'x'): Decision => ({ seq, event, time: T, kind: 'blocked', tool, code: 'MaxCallsExceeded', rule: 2, message: 'm' });

const SAMPLE = [allowed(0, 0), blocked(1, 1), allowed(2, 1, 'y'), blocked(3, 2, 'y'), allowed(4, 3)];

/** Steps 0..4: step 0 → d0, step 1 → d1 d2, step 2 → none, step 3 → d3, step 4 → d4. */
function sampleLog(): DecisionLog {
  const log = new DecisionLog();
  log.append(SAMPLE.slice(0, 3), [0, 1, 1]);
  log.append(SAMPLE.slice(3), [3, 4]);
  return log;
}

/** A worker-side run of `n` decisions (decision i at step i, blocked when i % 7 === 3) and the windows it was asked for. */
function workerRun(n: number) {
  const all = Array.from({ length: n }, (_, i) => (i % 7 === 3 ? blocked(i, i, 'y') : allowed(i, i)));
  const asked: [number, number][] = [];
  const windows = async (from: number, to: number) => {
    asked.push([from, to]);
    const decisions = all.slice(from, to);
    // the worker names the call of each decision about one (here every blocked call)
    return { decisions, calls: decisions.map((d) => (d.kind === 'blocked' ? `${d.tool}(#${d.seq})` : undefined)) };
  };
  return { all, asked, windows };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('decision log: selection ↔ step mapping', () => {
  it('maps decisions to steps and steps to their last decision', () => {
    const log = sampleLog();
    expect([0, 1, 2, 3, 4].map((i) => log.stepOf(i))).toEqual([0, 1, 1, 3, 4]);
    expect(log.stepOf(9)).toBe(-1);
    expect(log.rangeOfStep(1)).toEqual({ from: 1, to: 3 });
    expect([-1, 0, 1, 2, 3, 4, 5].map((s) => log.selectedByStep(s))).toEqual([undefined, 0, 2, undefined, 3, 4, undefined]);
    // every decision's step selects a decision of that same step
    for (let i = 0; i < log.length; i++) expect(log.stepOf(log.selectedByStep(log.stepOf(i)) as number)).toBe(log.stepOf(i));
  });

  it('grows past its initial capacity and falls back to the event index without steps', () => {
    const log = new DecisionLog();
    const many = Array.from({ length: 5000 }, (_, i) => allowed(i, i));
    log.append(many);
    expect(log.length).toBe(5000);
    expect(log.stepOf(4321)).toBe(4321);
    expect(log.firstAtOrAfter(4999)).toBe(4999);
  });
});

describe('decision log: windows read from the worker', () => {
  it('holds only steps: a decision is read in its window when first asked for, then cached', async () => {
    const { all, asked, windows } = workerRun(2_000);
    let loaded = 0;
    const log = new DecisionLog(windows, () => loaded++);
    log.appendSteps(Int32Array.from(all, (_, i) => i));
    expect(log.length).toBe(2_000);
    expect(log.stepOf(1_500)).toBe(1_500);
    expect(log.at(1_500)).toBeUndefined();
    expect(log.at(1_501)).toBeUndefined();
    await settle();
    expect(asked).toEqual([[1_280, 1_536]]);
    expect(loaded).toBe(1);
    expect(log.at(1_500)).toEqual(all[1_500]);
    expect(log.at(1_535)).toEqual(all[1_535]);
    // with each window, the call each of its decisions is about: none for a window not on the page
    expect(log.callAt(1_501)).toBe('y(#1501)');
    expect(log.callAt(1_500)).toBeUndefined();
    expect(log.at(1_536)).toBeUndefined();
    expect(log.callAt(1_537)).toBeUndefined();
    await settle();
    expect(asked.at(-1)).toEqual([1_536, 1_792]);
  });

  it('asks for the windows of the rows about to be drawn, once each, and keeps a bounded cache', async () => {
    const { all, asked, windows } = workerRun(100_000);
    const log = new DecisionLog(windows);
    log.appendSteps(Int32Array.from(all, (_, i) => i));
    log.want(0, 600);
    log.want(10, 20);
    await settle();
    expect(asked).toEqual([
      [0, 256],
      [256, 512],
      [512, 768],
    ]);
    for (let p = 0; p < 100; p++) log.want(p * 256, p * 256 + 1);
    await settle();
    // the oldest windows were dropped: asking for the first again reads it again
    expect(log.at(0)).toBeUndefined();
    await settle();
    expect(log.at(0)).toEqual(all[0]);
  });

  it('reads a range across windows (what Save as test pins)', async () => {
    const { all, windows } = workerRun(25_000);
    const log = new DecisionLog(windows);
    log.appendSteps(Int32Array.from(all, (_, i) => i));
    expect(await log.range(24_990, 30_000)).toEqual(all.slice(24_990));
    expect((await log.range(0, 25_000)).map((d) => d.seq)).toEqual(all.map((d) => d.seq));
  });

  it('re-reads the last window of a run still growing once it holds more decisions', async () => {
    const { all, asked, windows } = workerRun(300);
    const log: DecisionLog = new DecisionLog(async (from: number, to: number) => {
      const got = await windows(from, to);
      const n = Math.max(0, log.length - from);
      return { decisions: got.decisions.slice(0, n), calls: got.calls.slice(0, n) };
    });
    log.appendSteps(Int32Array.from(all.slice(0, 100), (_, i) => i));
    log.want(0, 100);
    await settle();
    expect(log.at(99)).toEqual(all[99]);
    log.appendSteps(Int32Array.from(all.slice(100), (_, i) => 100 + i));
    log.want(0, 300);
    await settle();
    expect(asked).toEqual([
      [0, 100],
      [0, 256],
      [256, 300],
    ]);
    expect(log.at(255)).toEqual(all[255]);
  });
});

describe('timeline rows: filters', () => {
  it('filters in the worker: rows arrive with its answer and grow with the run', async () => {
    const { all, windows } = workerRun(1_000);
    const log = new DecisionLog(windows);
    log.appendSteps(Int32Array.from(all.slice(0, 500), (_, i) => i));
    const queries: number[] = [];
    let changed = 0;
    const rows = new TimelineRows(
      log,
      { kinds: ['blocked'], tool: '' },
      async (filter, from) => {
        queries.push(from);
        const found = all.slice(from, log.length).filter((d) => filter.kinds.includes(d.kind)).map((d) => d.seq);
        return { rows: Int32Array.from(found), scanned: log.length };
      },
      () => changed++,
    );
    expect(rows.count()).toBe(0);
    expect(rows.pending).toBe(true);
    rows.count(); // one question at a time
    await settle();
    expect(changed).toBe(1);
    expect(rows.pending).toBe(false);
    expect(rows.count()).toBe(all.slice(0, 500).filter((d) => d.kind === 'blocked').length);
    expect(rows.decisionAt(0)).toBe(3);
    expect(rows.decisionAt(1)).toBe(10);
    expect(rows.rowOf(12)).toBe(1);
    log.appendSteps(Int32Array.from(all.slice(500), (_, i) => 500 + i));
    rows.count();
    await settle();
    expect(queries).toEqual([0, 500]);
    expect(rows.count()).toBe(all.filter((d) => d.kind === 'blocked').length);
    expect(rows.decisionAt(rows.count() - 1)).toBe(997);
  });

  it('shows every decision unfiltered, and kinds/tool filters incrementally as chunks arrive', () => {
    const log = sampleLog();
    expect(new TimelineRows(log, { kinds: [], tool: '' }).count()).toBe(5);
    const rows = new TimelineRows(log, { kinds: ['blocked'], tool: '' });
    expect(rows.count()).toBe(2);
    expect([rows.decisionAt(0), rows.decisionAt(1)]).toEqual([1, 3]);
    log.append([blocked(5, 4)], [5]);
    expect(rows.count()).toBe(3);
    expect(rows.rowOf(3)).toBe(1);
    expect(rows.rowOf(2)).toBe(0); // hidden decision → nearest shown row before it
    expect(rows.rowOf(0)).toBe(-1);
    const byTool = new TimelineRows(log, { kinds: [], tool: 'y' });
    expect(byTool.count()).toBe(2);
    const both = new TimelineRows(log, { kinds: ['allowed'], tool: 'y' });
    expect(both.decisionAt(0)).toBe(2);
    expect(toolsOf(SAMPLE)).toEqual(['x', 'y']);
  });
});

describe('virtual window math', () => {
  it('renders only the visible rows plus overscan', () => {
    expect(visibleRange(0, 100, 20, 1_000_000, 2)).toEqual({ start: 0, end: 8, offset: 0 });
    const mid = visibleRange(20_000, 100, 20, 1_000_000, 2);
    expect(mid).toEqual({ start: 998, end: 1008, offset: 998 * 20 });
    expect(visibleRange(1e9, 100, 20, 10, 2).end).toBe(10);
    expect(visibleRange(0, 100, 20, 0)).toEqual({ start: 0, end: 0, offset: 0 });
  });
  it('scrolls a row into view only when it is out of view', () => {
    expect(scrollToRow(5, 0, 100, 20)).toBe(20);
    expect(scrollToRow(2, 0, 100, 20)).toBe(0);
    expect(scrollToRow(1, 100, 100, 20)).toBe(20);
  });
  it('moves the selection with the keyboard, clamped', () => {
    expect(rowForKey('ArrowDown', -1, 10, 5)).toBe(0);
    expect(rowForKey('ArrowDown', 9, 10, 5)).toBe(9);
    expect(rowForKey('ArrowUp', 0, 10, 5)).toBe(0);
    expect(rowForKey('PageDown', 2, 10, 5)).toBe(7);
    expect(rowForKey('End', 2, 10, 5)).toBe(9);
    expect(rowForKey('Home', 7, 10, 5)).toBe(0);
    expect(rowForKey('a', 7, 10, 5)).toBeUndefined();
    expect(rowForKey('ArrowDown', 0, 0, 5)).toBeUndefined();
  });
});

describe('settings form ↔ ReplaySettings', () => {
  it('shows the documented defaults and reads them back unchanged', () => {
    expect(defaultForm()).toMatchObject({ profile: 'file', dedupeWindowMs: '300000', executionTimeoutMs: '120000', consentDefault: 'approve_once', requirePermissions: true });
    const r = formToSettings(defaultForm());
    expect(r).toEqual({ ok: true, settings: defaultSettings() });
    expect(changedSettings(defaultSettings())).toEqual([]);
  });
  it('round-trips approve_for N and changed values, and lists what changed', () => {
    const s = { ...defaultSettings(), profile: 'hegel' as const, consentDefault: { approve_for: 90 }, dedupeWindowMs: 0 };
    const back = formToSettings(settingsToForm(s));
    expect(back).toEqual({ ok: true, settings: s });
    expect(changedSettings(s)).toEqual(['profile = "hegel"', 'dedupeWindowMs = 0', 'consentDefault = {"approve_for":90}']);
  });
  it('names the bad fields and never accepts negative or fractional milliseconds', () => {
    const r = formToSettings({ ...defaultForm(), dedupeWindowMs: '-1', executionTimeoutMs: '1.5', consentDefault: 'approve_for', approveForSeconds: 'x' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(['approveForSeconds', 'dedupeWindowMs', 'executionTimeoutMs']);
  });
  it('reads the step limit: empty is no limit of the user, else a whole number within the worker budget', () => {
    expect(formToSettings({ ...defaultForm(), maxSteps: ' 5000 ' })).toEqual({ ok: true, settings: defaultSettings(), maxSteps: 5000 });
    for (const bad of ['0', '-3', '2.5', 'many', '2000001']) {
      const r = formToSettings({ ...defaultForm(), maxSteps: bad });
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.errors.maxSteps).toMatch(/^Stop after: a whole number of steps from 1 to 2,000,000/);
    }
  });
});

describe('download names', () => {
  it('derives safe file names from the trace names', () => {
    expect(exportStem(['hooks.jsonl', 'states.jsonl'])).toBe('hooks+states');
    expect(exportStem(['<img src=x>.yaml'])).toBe('_img_src_x_');
    expect(exportStem([])).toBe('simulation');
    expect(decisionsFileName(['a.yaml'])).toBe('a.decisions.jsonl');
    expect(summaryFileName(['a.yaml'])).toBe('a.summary.md');
  });
});

describe('highlight and labels', () => {
  const docs = { agentDocId: 'A', workflowDocId: 'W' };
  it('points at the tool and rule, or the phase and workflow rule, that decided', () => {
    expect(highlightOf(blocked(0, 0), docs)).toEqual({ docId: 'A', tool: 'x', toolRule: 2, verdict: 'blocked' });
    expect(highlightOf(allowed(0, 0), docs, { kind: 'tool', index: 4 })).toEqual({ docId: 'A', tool: 'x', toolRule: 4, verdict: 'allowed' });
    expect(highlightOf({ seq: 0, event: 0, time: T, kind: 'interrupt', node: 'code', ruleType: 'token_budget', rule: 1, text: 't' }, docs)).toEqual({ docId: 'W', node: 'code', workflowRule: 1, verdict: 'interrupt' });
    expect(highlightOf({ seq: 0, event: 0, time: T, kind: 'transition', from: 'a', to: 'b' }, docs)).toEqual({ docId: 'W', node: 'b', verdict: 'allowed' });
    // an exit points at its rule only: no node wears its verdict
    expect(highlightOf({ seq: 0, event: 0, time: T, kind: 'exit' }, docs, { kind: 'tool', index: 1 })).toEqual({ docId: 'A', toolRule: 1 });
    expect(highlightOf(undefined, docs)).toBeUndefined();
  });
  it('labels decisions and makes violations stand out', () => {
    expect(decisionLabel(blocked(0, 0))).toBe('blocked x MaxCallsExceeded — rule #3');
    expect(kindClass(blocked(0, 0))).toBe('sim-k-blocked sim-violation');
    expect(kindClass(allowed(0, 0))).toBe('sim-k-allowed');
  });
  it('jumps from an overview bin to the first decision of its first event', () => {
    expect(firstDecisionOfEvent(SAMPLE, 1)).toBe(1);
    expect(firstDecisionOfEvent(SAMPLE, 2)).toBe(3);
    expect(firstDecisionOfEvent(SAMPLE, 9)).toBeUndefined();
    expect(toggleId(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleId(['b'], 'a')).toEqual(['b', 'a']);
  });
});

describe('run requests', () => {
  const project: ProjectData = {
    id: 'p',
    name: 'p',
    activeDocId: 'a2',
    docs: [
      { kind: 'agent', id: 'a1', fileName: 'one.toml', text: 'name = "one"\n', layout: {}, agent: { name: 'one', tools: [], rules: [] } },
      { kind: 'agent', id: 'a2', fileName: 'two.toml', text: 'name = "two"\n', layout: {}, agent: { name: 'two', tools: [], rules: [] } },
      { kind: 'workflow', id: 'w', fileName: 'w.yaml', text: 'mode: m\n', layout: {}, workflow: { name: 'w', mode: 'm', start_node: 's', nodes: [] } },
    ],
    traces: [
      { id: 't1', name: 'a.jsonl', text: '' },
      { id: 't2', name: 'b.yaml', text: 'steps: []\n' },
    ],
  };
  it('defaults to the active agent, the first workflow and the first trace', () => {
    expect(resolveChoice(project, {})).toMatchObject({ agentDocId: 'a2', workflowDocId: 'w', traces: [{ id: 't1' }] });
    expect(resolveChoice(project, { workflowDocId: null, traceIds: ['t2', 'gone'] })).toMatchObject({ agentDocId: 'a2', traces: [{ id: 't2' }] });
    expect(resolveChoice(project, { workflowDocId: null }).workflowDocId).toBeUndefined();
  });
  it('sends the chosen documents as texts with their file names', () => {
    const r = buildRequest(project, { agentDocId: 'a1', traceIds: ['t1', 't2'] }, defaultSettings());
    expect(r.ok && r.request.ruleFiles).toEqual([
      { name: 'one.toml', text: 'name = "one"\n' },
      { name: 'w.yaml', text: 'mode: m\n' },
    ]);
    expect(r.ok && r.request.traces.map((t) => t.name)).toEqual(['a.jsonl', 'b.yaml']);
    expect(buildRequest({ ...project, traces: [] }, {}, defaultSettings())).toMatchObject({ ok: false });
    expect(buildRequest(project, { agentDocId: null, workflowDocId: null }, defaultSettings())).toMatchObject({ ok: false });
  });
  it('sends Codex rules and Gemini CLI policies to the Policy view instead of replaying them', () => {
    const codex = { ...project, activeDocId: 'c', docs: [...project.docs, { kind: 'agent' as const, id: 'c', fileName: 'default.rules', text: '', layout: {}, agent: { name: 'codex', tools: [], rules: [], family: 'codex' as const } }] };
    expect(decidedInPolicyView(codex, { workflowDocId: null })).toBe('Codex');
    const r = buildRequest(codex, { workflowDocId: null }, defaultSettings());
    expect(r.ok ? '' : r.message).toMatch(/^Codex rules are decided by Codex's own engine in the Policy view/);
    // with a workflow, or another agent, it is a run as before
    expect(decidedInPolicyView(codex, {})).toBeUndefined();
    expect(buildRequest(codex, { agentDocId: 'a1', workflowDocId: null }, defaultSettings()).ok).toBe(true);
  });
});

describe('teaching links', () => {
  const payload = { schemaVersion: 1 as const, title: 'Demo <b>', files: [{ name: 'a.toml', text: 'name = "a"\n' }], trace: { name: 't.yaml', text: 'steps: []\n' }, settings: defaultSettings(), step: 3 };
  it('round-trips through a compressed link', async () => {
    const link = await encodeTeachingLink(payload);
    expect(link).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    const url = teachingUrl('http://x/app#share=old', link);
    expect(url).toBe(`http://x/app#teach=${link}`);
    expect(teachingPayloadOf(url)).toBe(link);
    const back = await decodeTeachingLink(url);
    expect(back).toEqual({ ok: true, payload });
  });
  it('refuses tampered, future and foreign links with a clear message', async () => {
    const link = await encodeTeachingLink(payload);
    const flipped = link.slice(0, 12) + (link[12] === 'A' ? 'B' : 'A') + link.slice(13);
    const t = await decodeTeachingLink(flipped);
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.message).toMatch(/damaged|altered/);
    const f = await decodeTeachingLink(`v9.${link.slice(3)}`);
    if (!f.ok) expect(f.message).toMatch(/newer/);
    expect(f.ok).toBe(false);
    const g = await decodeTeachingLink('hello');
    expect(g.ok).toBe(false);
    await expect(encodeTeachingLink({ ...payload, step: -3 })).rejects.toThrow(/step/);
  });
  it('carries the lead-in of the trace it was made from, through the link', async () => {
    const project: ProjectData = {
      id: 'p',
      name: 'Walk',
      docs: [{ kind: 'agent', id: 'a', fileName: 'a.toml', text: 'name = "a"\n', layout: {}, agent: { name: 'a', tools: [], rules: [] } }],
      traces: [{ id: 't', name: 's.jsonl', text: '', note: 'What the class will see.' }],
    };
    const built = teachingPayloadFor(project, {}, defaultSettings(), -1);
    if (!built.ok) throw new Error(built.message);
    expect(built.payload.note).toBe('What the class will see.');
    const back = await decodeTeachingLink(await encodeTeachingLink(built.payload));
    expect(back.ok && back.payload.note).toBe('What the class will see.');
    // a trace without one makes a link without one
    const plain = teachingPayloadFor({ ...project, traces: [{ id: 't', name: 's.jsonl', text: '' }] }, {}, defaultSettings(), -1);
    expect(plain.ok && 'note' in plain.payload).toBe(false);
  });
});
