import { describe, expect, it } from 'vitest';
import { stageViewport } from '../../src/app/graph/stageView.ts';
import { eventSlide, nextShownStep, quietSteps, slideNumbers, spokenSeconds, stageMove, verdictOf, VERDICT_LABEL } from '../../src/app/presenter/stageStep.ts';
import { stageCss } from '../../src/app/presenter/stageTrace.ts';
import type { WorkflowEngineSnapshot } from '../../src/core/engine/workflow/snapshot.ts';

const VIEW = { minZoom: 1.5, maxZoom: 1.8, padding: 32 };

describe('stageViewport', () => {
  it('shows the whole graph when it fits at the readable zoom', () => {
    const plan = stageViewport({ x: 0, y: 0, width: 300, height: 200 }, [], 800, 600, VIEW, {}, { x: 0, y: 0 });
    expect(plan.whole).toBe(true);
    expect(plan.viewport.zoom).toBeGreaterThanOrEqual(1.5);
  });

  it('keeps the readable zoom and pans to the focused node when the graph is too big', () => {
    const node = { x: 1800, y: 40, width: 200, height: 60 };
    const plan = stageViewport({ x: 0, y: 0, width: 2000, height: 400 }, [node], 800, 600, VIEW, { bottom: 116 }, { x: 0, y: 0 });
    expect(plan.whole).toBe(false);
    expect(plan.viewport.zoom).toBe(1.5);
    const left = node.x * 1.5 + plan.viewport.x;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left + node.width * 1.5).toBeLessThanOrEqual(800);
  });

  it('keeps the zoom controls’ band clear, whole or panned (review13: the controls sat on a node)', () => {
    const chrome = { left: 44 };
    const graph = { x: 0, y: 0, width: 400, height: 300 };
    const whole = stageViewport(graph, [], 800, 600, VIEW, {}, { x: 0, y: 0 }, undefined, chrome);
    expect(whole.whole).toBe(true);
    expect(whole.viewport.x).toBeGreaterThanOrEqual(44 + VIEW.padding - 1e-9);
    const node = { x: 0, y: 40, width: 200, height: 60 };
    const panned = stageViewport({ x: 0, y: 0, width: 2000, height: 400 }, [node], 800, 600, VIEW, { bottom: 116 }, { x: 0, y: 0 }, undefined, chrome);
    expect(panned.whole).toBe(false);
    expect(node.x * panned.viewport.zoom + panned.viewport.x).toBeGreaterThanOrEqual(44);
  });

  it('keeps the current node in view when its rule’s other node is too far to show with it', () => {
    const current = { x: 1800, y: 40, width: 200, height: 60 };
    const far = { x: 0, y: 40, width: 200, height: 60 };
    const plan = stageViewport({ x: 0, y: 0, width: 2000, height: 400 }, [current, far], 800, 600, VIEW, {}, { x: 0, y: 0 });
    const left = current.x * 1.5 + plan.viewport.x;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left + current.width * 1.5).toBeLessThanOrEqual(800);
  });
});

describe('stage slides', () => {
  const workflow = {
    node: 'code',
    rules: [{ rule: 1, type: 'repeated_command', value: 3, limit: 5, unit: 'events', window: [{ time: 5, text: 'cargo test', tool: 'Bash' }] }],
    history: [],
  } as unknown as WorkflowEngineSnapshot;

  it('says what the engine counted of an event that decided nothing', () => {
    const text = eventSlide({ type: 'command', time: 5, command: 'cargo test', tool: 'Bash' }, { workflow, nodeRules: [{ type: 'require_commits', lookback_phases: 1 }, { type: 'repeated_command', threshold: 5, window: 120 }] });
    expect(text).toBe('`cargo test` ran in `code` — repeated_command 3 of 5 in 2 m');
    expect(eventSlide({ type: 'command', time: 9, command: 'ls', tool: 'Bash' }, { workflow })).toBe('`ls` ran in `code` — no rule of this phase counts it');
    expect(eventSlide({ type: 'batch_start', time: 0 }, {})).toMatch(/^A new user message/);
    expect(spokenSeconds(90)).toBe('90 s');
  });

  it('gives each decision a verdict the graph draws', () => {
    expect(verdictOf('blocked')).toBe('blocked');
    expect(verdictOf('exit_blocked')).toBe('blocked');
    expect(verdictOf('interrupt')).toBe('interrupt');
    expect(verdictOf('auto')).toBe('allowed');
    expect(verdictOf('deduplicated')).toBe('quiet');
    // a permission refused reads as the permission families say it (review15: a Claude deny read "Blocked")
    expect(verdictOf('denied')).toBe('denied');
    expect(VERDICT_LABEL[verdictOf('denied')]).toBe('Denied');
    expect(stageCss('.g', { current: 'Bash', verdict: 'denied' })).toContain('⊘ Denied');
  });

  it('marks the current node with a word, not colour alone (the path walked: test/simulator/walkedPath.test.ts)', () => {
    const css = stageCss('.s', { current: 'c"x', verdict: 'blocked' });
    expect(css).toContain('.s .react-flow__node[data-id="c\\"x"] {');
    expect(css).toContain('[data-id="c\\"x"]::before { content: "⊘ Blocked"');
    expect(css).toContain('var(--stage-blocked)');
    expect(stageCss('.s', {})).toBe('');
  });
});

describe('the presenter steps over what is not a slide', () => {
  const ev = (type: string, line: number) => ({ kind: 'event', line, event: { type, time: 0, input: 1, output: 1 } as never });
  const items = [ev('tokens', 1), ev('tool_call', 2), ev('tokens', 3), ev('model_end', 4), ev('tool_call', 5), ev('tokens', 6)];
  const base = { items, workflow: false, decided: (s: number) => s === 1 || s === 4, noted: (line: number) => line === 4 };

  it('quiet: a token count or turn end with no decision and no note, and only without a workflow', () => {
    expect([...quietSteps(base)]).toEqual([0, 2, 5]);
    expect([...quietSteps({ ...base, workflow: true })]).toEqual([]);
    expect([...quietSteps({ ...base, decided: () => true })]).toEqual([]);
  });

  it('next and back step over the quiet ones and stay put at either end', () => {
    const quiet = quietSteps(base);
    expect(nextShownStep(-1, 1, 5, quiet)).toBe(1);
    expect(nextShownStep(1, 1, 5, quiet)).toBe(3);
    expect(nextShownStep(4, 1, 5, quiet)).toBe(4);
    expect(nextShownStep(3, -1, 5, quiet)).toBe(1);
    expect(nextShownStep(1, -1, 5, quiet)).toBe(-1);
    expect(nextShownStep(6, -1, 5, quiet)).toBe(4);
  });
});

describe('the presenter shows each decision of a step in turn', () => {
  // Steps 0..3; step 1 made decisions 1, 2, 3 (an exit, the tool it ran, the exit again); step 2 is quiet.
  const ranges = [{ from: 0, to: 1 }, { from: 1, to: 4 }, { from: 4, to: 4 }, { from: 4, to: 5 }];
  const rangeOf = (s: number) => ranges[s] ?? { from: 0, to: 0 };
  const quiet = new Set([2]);
  it('forward: into a step at its first decision, through each, then on over the quiet step', () => {
    expect(stageMove({ step: 0, decision: 0 }, 1, 3, quiet, rangeOf)).toEqual({ step: 1, decision: 1 });
    expect(stageMove({ step: 1, decision: 1 }, 1, 3, quiet, rangeOf)).toEqual({ step: 1, decision: 2 });
    expect(stageMove({ step: 1, decision: 3 }, 1, 3, quiet, rangeOf)).toEqual({ step: 3, decision: 4 });
    expect(stageMove({ step: 3, decision: 4 }, 1, 3, quiet, rangeOf)).toBeUndefined();
  });
  it('back: into a step at its last decision, then to before the first step', () => {
    expect(stageMove({ step: 3, decision: 4 }, -1, 3, quiet, rangeOf)).toEqual({ step: 1, decision: 3 });
    expect(stageMove({ step: 1, decision: 1 }, -1, 3, quiet, rangeOf)).toEqual({ step: 0, decision: 0 });
    expect(stageMove({ step: 0, decision: 0 }, -1, 3, quiet, rangeOf)).toEqual({ step: -1, decision: undefined });
    expect(stageMove({ step: -1, decision: undefined }, -1, 3, quiet, rangeOf)).toBeUndefined();
  });

  it('numbers the slides, the quiet steps left out (review14: a Claude session counted 0, 2, 4…)', () => {
    // a session's token count before each call: steps 0, 2, 4 quiet, the calls 1, 3, 5 slides 1 to 3
    const slides = slideNumbers(6, new Set([0, 2, 4]));
    expect(slides.total).toBe(3);
    expect([-1, 1, 3, 5].map(slides.of)).toEqual([0, 1, 2, 3]);
    // a quiet step shown anyway has the number of the slide before it
    expect(slides.of(2)).toBe(1);
    expect(slideNumbers(4, new Set()).of(3)).toBe(4);
  });
});
