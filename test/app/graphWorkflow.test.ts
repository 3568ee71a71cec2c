import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import type { Workflow } from '../../src/core/model/workflow.ts';
import { checkLoadedFile } from '../../src/core/check.ts';
import { missingId, workflowGraph } from '../../src/core/graph/workflowGraph.ts';
import { addPhase, addPhaseAfter, addTransition, insertPhaseOn, removeTransition, renamePhase } from '../../src/core/graph/workflowEdits.ts';

const updateTransitions = (wf: Workflow, name: string, transitions: Workflow['nodes'][number]['transitions']): Workflow => ({ ...wf, nodes: wf.nodes.map((n) => (n.name === name ? { ...n, transitions } : n)) });

function load(text: string) {
  const loaded = loadRuleFile('wf.yaml', text);
  return { wf: loaded.workflows[0]!, diagnostics: checkLoadedFile(loaded) };
}

describe('workflow graph projection', () => {
  it('has phases, a done node, transitions labelled with when, and the start marked', () => {
    const { wf, diagnostics } = load(readFileSync('examples/hegel-minimal.yaml', 'utf8'));
    const g = workflowGraph(wf, diagnostics);
    expect(g.nodes.map((n) => [n.id, n.kind, n.start])).toEqual([
      ['spec', 'phase', true],
      ['plan', 'phase', false],
      ['done', 'done', false],
    ]);
    expect(g.nodes[0]!.summary).toBe('Define inputs, outputs and invariants.');
    expect(g.edges.map((e) => [e.source, e.target, e.when])).toEqual([
      ['spec', 'plan', 'spec_complete'],
      ['plan', 'done', 'plan_complete'],
    ]);
  });

  it('maps W001 to a red ghost node, W003 to dimmed, W004 to stuck; rules listed with parameters', () => {
    const { wf, diagnostics } = load(`mode: execution
start_node: a
nodes:
  a:
    prompt: go
    transitions:
      - when: a_done
        to: nowhere
      - when: loop
        to: a
    rules:
      - type: repeated_command
        pattern: "git .*"
        threshold: 3
        window: 60
  orphan:
    prompt: never
    transitions:
      - when: x
        to: done
`);
    const g = workflowGraph(wf, diagnostics);
    const ghost = g.nodes.find((n) => n.id === missingId('nowhere'))!;
    expect(ghost).toMatchObject({ kind: 'missing', error: true, label: 'nowhere' });
    expect(g.edges.find((e) => e.when === 'a_done')).toMatchObject({ target: missingId('nowhere'), error: true });
    expect(g.nodes.find((n) => n.id === 'orphan')).toMatchObject({ dimmed: true });
    expect(g.nodes.find((n) => n.id === 'a')).toMatchObject({ stuck: true });
    expect(g.nodes.find((n) => n.id === 'a')!.rules).toEqual([{ index: 0, text: 'repeated_command ≥ 3 in 1m /git .*/' }]);
  });
});

describe('workflow edits', () => {
  const { wf } = load(readFileSync('examples/hegel-minimal.yaml', 'utf8'));
  it('renames a phase and every transition and the start node follow', () => {
    const r = renamePhase(wf, 'spec', 'specify');
    expect(r.start_node).toBe('specify');
    expect(r.nodes.map((n) => n.name)).toEqual(['specify', 'plan']);
    expect(renamePhase(wf, 'spec', 'plan')).toBe(wf);
    expect(renamePhase(wf, 'spec', 'done')).toBe(wf);
    const r2 = renamePhase(wf, 'plan', 'design');
    expect(r2.nodes[0]!.transitions[0]!.to).toBe('design');
  });
  it('adds phases with unique names and transitions with unique whens', () => {
    const a = addPhase(wf);
    expect(a.name).toBe('phase');
    expect(addPhase(a.workflow).name).toBe('phase_2');
    // A new phase leads nowhere until the user draws where it goes (not to `done` by itself).
    expect(a.workflow.nodes.find((n) => n.name === 'phase')!.transitions).toEqual([]);
    // Transitions are named after what was drawn: phase → phase_2 is `phase_complete`.
    const drawn = addTransition(addPhase(a.workflow).workflow, 'phase', 'phase_2');
    expect(drawn.nodes.find((n) => n.name === 'phase')!.transitions).toEqual([{ when: 'phase_complete', to: 'phase_2' }]);
    const t = addTransition(addTransition(wf, 'spec', 'done'), 'spec', 'plan');
    expect(t.nodes[0]!.transitions.map((x) => x.when)).toEqual(['spec_complete', 'spec_to_done', 'spec_to_plan']);
    expect(removeTransition(t, 'spec', 0).nodes[0]!.transitions).toHaveLength(2);
  });
  it('adds a phase after one with one way out on that way (review14 #3: start → plan → build → done)', () => {
    const { wf } = load(readFileSync('examples/hegel-minimal.yaml', 'utf8'));
    // spec → plan → done: a phase after plan goes between plan and done
    const a = addPhaseAfter(wf, 'plan');
    expect(a.name).toBe('phase');
    const ways = (w: typeof wf, name: string) => w.nodes.find((n) => n.name === name)!.transitions;
    expect(ways(a.workflow, 'plan')).toEqual([{ when: 'plan_complete', to: 'phase' }]);
    expect(ways(a.workflow, 'phase')).toEqual([{ when: 'phase_complete', to: 'done' }]);
    // named, it takes its ways' drawn names with it; then another after it goes on before done
    const named = renamePhase(a.workflow, 'phase', 'build');
    expect(ways(named, 'plan')).toEqual([{ when: 'plan_complete', to: 'build' }]);
    expect(ways(named, 'build')).toEqual([{ when: 'build_complete', to: 'done' }]);
    const b = addPhaseAfter(named, 'build');
    expect(ways(b.workflow, 'build')).toEqual([{ when: 'build_complete', to: 'phase' }]);
    expect(ways(b.workflow, 'phase')).toEqual([{ when: 'phase_complete', to: 'done' }]);
  });

  it('inserts a phase on a chosen transition, between its two phases (review17 #2: Add phase on a focused edge made an orphan)', () => {
    const { wf } = load(readFileSync('examples/hegel-minimal.yaml', 'utf8'));
    const ways = (w: typeof wf, name: string) => w.nodes.find((n) => n.name === name)!.transitions;
    // spec has two ways out: spec_complete → plan, spec_to_done → done; on the second, the first stays
    const forked = addTransition(wf, 'spec', 'done');
    const a = insertPhaseOn(forked, 'spec', 1);
    expect(a.name).toBe('phase');
    expect(ways(a.workflow, 'spec')).toEqual([
      { when: 'spec_complete', to: 'plan' },
      { when: 'spec_to_done', to: 'phase' },
    ]);
    expect(ways(a.workflow, 'phase')).toEqual([{ when: 'phase_complete', to: 'done' }]);
    // a transition that is not there: after the phase, as addPhaseAfter
    expect(insertPhaseOn(forked, 'spec', 7)).toEqual(addPhaseAfter(forked, 'spec'));
  });

  it('joins a phase with no way out, or several, to the new phase by a drawn transition; names follow a rename', () => {
    const { wf } = load(readFileSync('examples/hegel-minimal.yaml', 'utf8'));
    const lone = addPhase(wf).workflow; // `phase`, no way out
    const a = addPhaseAfter(lone, 'phase');
    expect(a.name).toBe('phase_2');
    expect(a.workflow.nodes.find((n) => n.name === 'phase')!.transitions).toEqual([{ when: 'phase_complete', to: 'phase_2' }]);
    const forked = addTransition(wf, 'spec', 'done'); // spec: spec_complete → plan, spec_to_done → done
    const spec = addPhaseAfter(forked, 'spec');
    expect(spec.workflow.nodes[0]!.transitions).toEqual([
      { when: 'spec_complete', to: 'plan' },
      { when: 'spec_to_done', to: 'done' },
      { when: 'spec_to_phase', to: 'phase' },
    ]);
    const renamed = renamePhase(spec.workflow, 'phase', 'review');
    expect(renamed.nodes[0]!.transitions.at(-1)).toEqual({ when: 'spec_to_review', to: 'review' });
    // Only the drawn names follow; a name the user gave stays.
    const own = { ...wf, nodes: wf.nodes.map((n) => (n.name === 'spec' ? { ...n, transitions: [{ when: 'ready', to: 'plan' }] } : n)) };
    expect(renamePhase(own, 'plan', 'design').nodes[0]!.transitions).toEqual([{ when: 'ready', to: 'design' }]);
    // the renamed phase's own drawn ways out follow it, unless the new name is taken in the phase
    expect(renamePhase(wf, 'plan', 'design').nodes.find((n) => n.name === 'design')!.transitions).toEqual([{ when: 'design_complete', to: 'done' }]);
    const taken = updateTransitions(wf, 'plan', [{ when: 'plan_complete', to: 'done' }, { when: 'design_complete', to: 'spec' }]);
    expect(renamePhase(taken, 'plan', 'design').nodes.find((n) => n.name === 'design')!.transitions.map((t) => t.when)).toEqual(['plan_complete', 'design_complete']);
  });
});
