/**
 * Each rule type in profile `hegel` (§3.2, §4.2), with exact texts. Scenarios adapted from hegel's
 * own tests (src/rules/tests/evaluator.rs); the phase starts at 10:00:00 (second 0) unless stated.
 */
import { describe, expect, it } from 'vitest';
import type { WorkflowRule } from '../../src/core/model/workflow.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import {
  cmd,
  commit,
  edit,
  ev,
  HEGEL_TAIL,
  next,
  run,
  start,
  texts,
  tokens,
  workflow,
} from './helpers.ts';

const HEGEL = { profile: 'hegel' } as const;
const CMD_SUGGESTION =
  "**Suggestion:** You're stuck in a build loop. Review the error message carefully. Consider using TDD: write a failing test first, then fix the specific issue.\n";
const EDIT_SUGGESTION =
  "**Suggestion:** You're thrashing the same files. Step back and write a failing test that captures the desired behavior, then implement the fix.\n";

/** A single `code` node; `next(['stay'])` keeps it there, so its own rules are evaluated. */
const codeWith = (...rules: WorkflowRule[]) =>
  workflow('code', { code: { transitions: [['code_complete', 'done']], rules } });

/** Runs `events` after `workflow_start` at second 0 and a stay `next` at `at`. */
const evaluateAt = (at: number, rules: WorkflowRule[], events: TraceEvent[]) =>
  run(codeWith(...rules), [start(0), ...events, next(at, ['stay'])], HEGEL);

const builds = (...secs: number[]) => secs.map((s) => cmd(s, 'cargo build'));
const rc = (threshold: number, window: number, pattern?: string): WorkflowRule => ({
  type: 'repeated_command',
  threshold,
  window,
  ...(pattern === undefined ? {} : { pattern }),
});

describe('hegel: repeated_command (upstream scenarios)', () => {
  it('triggers at threshold (exact text)', () => {
    expect(texts(evaluateAt(200, [rc(5, 120, 'cargo build')], builds(0, 30, 60, 90, 119)))).toEqual(
      [
        '⚠️  **Repeated Command**\n\nCommand executed 5 times in last 120s\n\n**Recent Activity:**\n' +
          '- 10:00:00: cargo build\n- 10:00:30: cargo build\n- 10:01:00: cargo build\n- 10:01:30: cargo build\n- 10:01:59: cargo build\n\n' +
          CMD_SUGGESTION +
          HEGEL_TAIL,
      ],
    );
  });

  it('below threshold does not trigger', () => {
    expect(texts(evaluateAt(200, [rc(5, 120, 'cargo build')], builds(0, 30, 60, 90)))).toEqual([]);
  });

  it('events before the phase start are outside the window; one at the very start instant counts', () => {
    // upstream: -180, -120, -60 before the start, 0, 60, 119 inside → 3 < 5. Here the phase starts at 180.
    const events = [
      ...builds(0, 60, 120, 180),
      start(180),
      ...builds(240, 299),
      next(400, ['stay']),
    ];
    expect(texts(run(codeWith(rc(3, 120, 'cargo build')), events, HEGEL))[0]).toContain(
      'Command executed 3 times in last 120s',
    );
    expect(texts(run(codeWith(rc(4, 120, 'cargo build')), events, HEGEL))).toEqual([]);
  });

  it('the window end is inclusive (0, 60, 120 with window 120)', () => {
    expect(texts(evaluateAt(130, [rc(3, 120, 'cargo build')], builds(0, 60, 120)))).toHaveLength(1);
    expect(texts(evaluateAt(130, [rc(3, 120, 'cargo build')], builds(0, 60, 120.001)))).toEqual([]);
  });

  it('a regex matches several commands; non-matching ones are excluded', () => {
    const mixed = [
      cmd(0, 'cargo build'),
      cmd(30, 'cargo test'),
      cmd(60, 'cargo build'),
      cmd(90, 'cargo test'),
      cmd(119, 'cargo build'),
    ];
    expect(texts(evaluateAt(200, [rc(5, 120, 'cargo (build|test)')], mixed))).toHaveLength(1);
    const others = [
      cmd(0, 'cargo build'),
      cmd(10, 'git status'),
      cmd(20, 'cargo fmt'),
      cmd(30, 'cargo test'),
      cmd(40, 'git status'),
    ];
    expect(texts(evaluateAt(200, [rc(5, 120, 'cargo (build|test)')], others))).toEqual([]);
  });

  it('no pattern counts every command together (deliberately unlike spec, which counts per command)', () => {
    const all = [
      cmd(0, 'cargo build'),
      cmd(10, 'git status'),
      cmd(20, 'ls -la'),
      cmd(30, 'pwd'),
      cmd(40, 'echo hello'),
    ];
    expect(texts(evaluateAt(200, [rc(5, 120)], all))[0]).toContain(
      'Command executed 5 times in last 120s',
    );
    expect(
      texts(
        run(codeWith(rc(5, 120)), [start(0), ...all, next(200, ['stay'])], { profile: 'spec' }),
      ),
    ).toEqual([]);
  });

  it('an empty log does not trigger; threshold 0 always fires (no Recent Activity block)', () => {
    expect(texts(evaluateAt(10, [rc(5, 120, 'cargo build')], []))).toEqual([]);
    expect(texts(evaluateAt(10, [rc(0, 60)], []))).toEqual([
      '⚠️  **Repeated Command**\n\nCommand executed 0 times in last 60s\n\n' +
        CMD_SUGGESTION +
        HEGEL_TAIL,
    ]);
  });

  it('the window does not slide: events after start + window never count (unlike spec)', () => {
    const late = builds(200, 210, 220);
    expect(texts(evaluateAt(230, [rc(3, 120, 'cargo build')], late))).toEqual([]);
    expect(
      texts(run(codeWith(rc(3, 120, 'cargo build')), [start(0), ...late, next(230, ['stay'])])),
    ).toHaveLength(1);
  });
});

describe('hegel: repeated_file_edit (upstream scenarios)', () => {
  const rfe = (threshold: number, window: number, path_pattern?: string): WorkflowRule => ({
    type: 'repeated_file_edit',
    threshold,
    window,
    ...(path_pattern === undefined ? {} : { path_pattern }),
  });

  it('triggers at threshold; lists the last 5 as `time: path (tool)`', () => {
    const edits = [
      edit(0, 'src/main.rs'),
      edit(30, 'src/main.rs'),
      edit(60, 'src/lib.rs'),
      edit(90, 'src/main.rs'),
      edit(120, 'src/utils.rs'),
      edit(150, 'src/main.rs', 'Write'),
      edit(179, 'src/lib.rs'),
      edit(180, 'src/types.rs'),
    ];
    expect(texts(evaluateAt(300, [rfe(8, 180, 'src/.*\\.rs')], edits))).toEqual([
      '⚠️  **Repeated File Edit**\n\nFiles edited 8 times in last 180s\n\n**Recent Activity:**\n' +
        '- 10:01:30: src/main.rs (Edit)\n- 10:02:00: src/utils.rs (Edit)\n- 10:02:30: src/main.rs (Write)\n' +
        '- 10:02:59: src/lib.rs (Edit)\n- 10:03:00: src/types.rs (Edit)\n\n' +
        EDIT_SUGGESTION +
        HEGEL_TAIL,
    ]);
  });

  it('path pattern matches and excludes; no pattern matches all; outside the window excluded', () => {
    const some = [
      edit(0, 'src/main.rs'),
      edit(10, 'src/lib.rs'),
      edit(20, 'README.md'),
      edit(30, 'src/utils.rs'),
      edit(40, 'Cargo.toml'),
    ];
    expect(texts(evaluateAt(100, [rfe(3, 180, 'src/.*\\.rs')], some))).toHaveLength(1);
    const few = [edit(0, 'README.md'), edit(10, 'Cargo.toml'), edit(20, 'src/main.rs')];
    expect(texts(evaluateAt(100, [rfe(3, 180, 'src/.*\\.rs')], few))).toEqual([]);
    expect(texts(evaluateAt(100, [rfe(3, 180)], few))).toHaveLength(1);
    expect(
      texts(
        evaluateAt(
          300,
          [rfe(3, 120, 'src/.*\\.rs')],
          [edit(0, 'src/a.rs'), edit(60, 'src/b.rs'), edit(121, 'src/c.rs')],
        ),
      ),
    ).toEqual([]);
  });

  it('tool calls and file_edit events count only for Edit and Write (hegel records only those two)', () => {
    const call = (s: number, tool: string) =>
      ev(s, 'tool_call', { tool, args: { file_path: 'a.rs' } });
    expect(
      texts(evaluateAt(10, [rfe(2, 60)], [call(1, 'MultiEdit'), call(2, 'MultiEdit')])),
    ).toEqual([]);
    expect(texts(evaluateAt(10, [rfe(2, 60)], [call(1, 'Edit'), call(2, 'Write')]))).toHaveLength(
      1,
    );
    expect(
      texts(
        evaluateAt(
          10,
          [rfe(2, 60)],
          [edit(1, 'a.rs', 'MultiEdit'), edit(2, 'a.rs', 'NotebookEdit')],
        ),
      ),
    ).toEqual([]);
    expect(
      texts(evaluateAt(10, [rfe(2, 60)], [edit(1, 'a.rs', 'Edit'), edit(2, 'a.rs', 'Write')])),
    ).toHaveLength(1);
  });

  it('repro (issue 27): threshold 2, an Edit then a MultiEdit of one file, then next: no interrupt, as hegel', () => {
    expect(
      run(
        codeWith(rfe(2, 60)),
        [start(0), edit(1, 'a.rs', 'Edit'), edit(2, 'a.rs', 'MultiEdit'), next(10, ['stay'])],
        HEGEL,
      ).filter((d) => d.kind === 'interrupt'),
    ).toEqual([]);
    // the spec profile counts MultiEdit, as before
    expect(
      texts(
        run(codeWith(rfe(2, 60)), [
          start(0),
          edit(1, 'a.rs', 'Edit'),
          edit(2, 'a.rs', 'MultiEdit'),
          next(10, ['stay']),
        ]),
      ),
    ).toHaveLength(1);
  });
});

describe('hegel: phase_timeout (upstream scenarios)', () => {
  const pt = (max_duration: number): WorkflowRule => ({ type: 'phase_timeout', max_duration });

  it('triggers when exceeded (exact text)', () => {
    expect(texts(evaluateAt(720, [pt(600)], []))).toEqual([
      '⚠️  **Phase Timeout**\n\ncode phase running for 720s (limit: 600s)\n\n**Recent Activity:**\n' +
        '- Phase start: 10:00:00\n- Duration: 12m 0s\n- Limit: 10m\n\n' +
        '**Suggestion:** This phase is taking too long. Consider breaking the task into smaller steps, transitioning to LEARNINGS to document blockers, or resetting with simplified scope.\n' +
        HEGEL_TAIL,
    ]);
  });

  it('below, at the limit and at zero duration it does not trigger; whole seconds decide (600.5 s does not fire, 601 s does)', () => {
    expect(texts(evaluateAt(480, [pt(600)], []))).toEqual([]);
    expect(texts(evaluateAt(600, [pt(600)], []))).toEqual([]);
    expect(texts(evaluateAt(0, [pt(600)], []))).toEqual([]);
    expect(texts(evaluateAt(600.5, [pt(600)], []))).toEqual([]);
    expect(texts(evaluateAt(601, [pt(600)], []))[0]).toContain(
      'code phase running for 601s (limit: 600s)\n',
    );
  });

  it('repro (issue 27): max_duration 60, next at 60.5 s: hegel truncates to 60 s and does not fire', () => {
    expect(
      run(codeWith(pt(60)), [start(0), next(60.5, ['stay'])], HEGEL).filter(
        (d) => d.kind === 'interrupt',
      ),
    ).toEqual([]);
    // spec compares exact milliseconds
    expect(
      run(codeWith(pt(60)), [start(0), next(60.5, ['stay'])]).filter((d) => d.kind === 'interrupt'),
    ).toHaveLength(1);
  });

  it("uses the node's FIRST phase: a revisit does not time out while the first visit was short", () => {
    const wf = workflow('code', {
      code: { transitions: [['code_complete', 'review']], rules: [pt(600)] },
      review: { transitions: [['back', 'code']] },
    });
    const events = [
      start(0),
      next(100, ['code_complete']),
      next(200, ['back']),
      next(5000, ['stay']),
    ];
    expect(texts(run(wf, events, HEGEL))).toEqual([]);
    // …and a long first visit fires on every later entry, even a fresh one
    const long = [start(0), next(700, ['code_complete']), next(710, ['back'])];
    expect(run(wf, long, HEGEL).map((d) => d.kind)).toEqual([
      'transition',
      'transition',
      'transition',
      'interrupt',
    ]);
    expect(texts(run(wf, long, HEGEL))[0]).toContain('code phase running for 700s (limit: 600s)\n');
  });

  it('a node entered for the first time never fires it at the next that enters it', () => {
    const wf = workflow('plan', {
      plan: { transitions: [['go', 'code']] },
      code: { rules: [pt(1)] },
    });
    expect(run(wf, [start(0), next(5000, ['go'])], HEGEL).map((d) => d.kind)).toEqual([
      'transition',
      'transition',
    ]);
    expect(
      texts(run(wf, [start(0), next(5000, ['go']), next(5002, ['stay'])], HEGEL)),
    ).toHaveLength(1);
  });
});

describe('hegel: token_budget (upstream scenarios)', () => {
  const tb = (max_tokens: number): WorkflowRule => ({ type: 'token_budget', max_tokens });

  it('triggers when exceeded, plain numbers and turns (exact text)', () => {
    const events = [
      tokens(1, 2000, 1500),
      ev(2, 'tool_call', { tool: 't', tokens: { input: 2000, output: 1000 } }),
      ev(3, 'model_end'),
    ];
    expect(texts(evaluateAt(10, [tb(6000)], events))).toEqual([
      '⚠️  **Token Budget**\n\ncode phase used 6500 tokens (limit: 6000)\n\n**Recent Activity:**\n' +
        '- Input tokens: 4000\n- Output tokens: 2500\n- Total: 6500 (limit: 6000)\n- Turns: 2\n\n' +
        "**Suggestion:** You've exceeded the token budget for this phase. Consider simplifying scope, deferring non-critical work, or transitioning to document progress before resetting.\n" +
        HEGEL_TAIL,
    ]);
  });

  it('below, exactly at, and zero tokens do not trigger; input alone can', () => {
    expect(texts(evaluateAt(10, [tb(5000)], [tokens(1, 2000, 1500)]))).toEqual([]);
    expect(texts(evaluateAt(10, [tb(5000)], [tokens(1, 3000, 2000)]))).toEqual([]);
    expect(texts(evaluateAt(10, [tb(5000)], []))).toEqual([]);
    expect(texts(evaluateAt(10, [tb(5000)], [tokens(1, 3000, 3000)]))).toHaveLength(1);
    expect(texts(evaluateAt(10, [tb(5000)], [tokens(1, 6000, 0)]))).toHaveLength(1);
  });

  it('tokens belong to the phase current when they arrive ([start, end))', () => {
    const wf = workflow('code', {
      code: { transitions: [['code_complete', 'review']], rules: [tb(100)] },
      review: { transitions: [['back', 'code']] },
    });
    const events = [
      start(0),
      tokens(1, 50, 0),
      next(2, ['code_complete']),
      tokens(3, 500, 500),
      next(4, ['back']),
    ];
    expect(texts(run(wf, events, HEGEL))).toEqual([]);
  });

  // hegel-cli @ 80120584 src/metrics/aggregation.rs: tokens are bucketed by timestamp over each
  // phase's [start, end), and a phase starts at its transition's timestamp.
  it('tokens at the very instant of a next belong to the new phase, even when read before it', () => {
    const wf = workflow('code', {
      code: { transitions: [['code_complete', 'review']], rules: [tb(100)] },
      review: { transitions: [['back', 'code']] },
    });
    const at = (t: number) => [
      start(0),
      tokens(t, 500, 500),
      next(2, ['code_complete']),
      next(4, ['back']),
    ];
    expect(texts(run(wf, at(2), HEGEL))).toEqual([]);
    expect(texts(run(wf, at(1.999), HEGEL))).toHaveLength(1);
    // Through a zero-length phase too: the tokens end in the last phase started at that instant.
    const three = workflow('code', {
      code: { transitions: [['code_complete', 'review']] },
      review: { transitions: [['fix', 'fix']], rules: [tb(100)] },
      fix: { transitions: [['back', 'review']], rules: [tb(100)] },
    });
    const events = [start(0), tokens(2, 500, 500), next(2, ['code_complete']), next(2, ['fix'])];
    expect(texts(run(three, [...events, next(4, ['stay'])], HEGEL))[0]).toContain(
      'fix phase used 1000 tokens',
    );
    expect(texts(run(three, [...events, next(4, ['back'])], HEGEL))).toEqual([]);
  });

  it('the spec profile keeps event order: tokens read before a next at the same instant stay in the old phase', () => {
    const wf = workflow('code', {
      code: { transitions: [['code_complete', 'done']], rules: [tb(100)] },
    });
    expect(texts(run(wf, [start(0), tokens(2, 500, 500), next(2, ['stay'])]))).toHaveLength(1);
  });
});

describe('hegel: require_commits (upstream scenarios)', () => {
  const wf = (k: number) =>
    workflow('spec', {
      spec: { transitions: [['go', 'code']] },
      code: {
        transitions: [['go', 'done']],
        rules: [{ type: 'require_commits', lookback_phases: k }],
      },
    });

  it('single phase without commits fires (exact text); with a commit it does not', () => {
    const events = [start(0), next(1, ['go']), next(2, ['stay'])];
    expect(texts(run(wf(1), events, HEGEL))).toEqual([
      '⚠️  **Require Commits**\n\nNo commits found in last 1 phases\n\n' +
        '**Suggestion:** Create a commit before advancing. Use `hegel next --force require_commits` to override.\n' +
        HEGEL_TAIL,
    ]);
    expect(
      texts(run(wf(1), [start(0), next(1, ['go']), commit(1.5), next(2, ['stay'])], HEGEL)),
    ).toEqual([]);
  });

  it('lookback 2 finds a commit in the phase before; none in both fires; 999 checks all there is', () => {
    expect(
      texts(run(wf(2), [start(0), commit(0.5), next(1, ['go']), next(2, ['stay'])], HEGEL)),
    ).toEqual([]);
    expect(texts(run(wf(2), [start(0), next(1, ['go']), next(2, ['stay'])], HEGEL))[0]).toContain(
      'No commits found in last 2 phases',
    );
    expect(
      texts(run(wf(999), [start(0), commit(0.5), next(1, ['go']), next(2, ['stay'])], HEGEL)),
    ).toEqual([]);
  });

  it("looks back from the node's first phase, ignoring later commits", () => {
    const loop = workflow('code', {
      code: {
        transitions: [['go', 'review']],
        rules: [{ type: 'require_commits', lookback_phases: 1 }],
      },
      review: { transitions: [['back', 'code']] },
    });
    // back into code at 2 (fires: its first phase had no commit), commit at 3 in the second visit, stay at 4: still fires
    const events = [start(0), next(1, ['go']), next(2, ['back']), commit(3), next(4, ['stay'])];
    expect(
      run(loop, events, HEGEL)
        .filter((d) => d.kind === 'interrupt')
        .map((d) => d.event),
    ).toEqual([2, 4]);
    const early = [start(0), commit(0.5), next(1, ['go']), next(2, ['back']), next(4, ['stay'])];
    expect(texts(run(loop, early, HEGEL))).toEqual([]);
  });
});

describe('hegel: evaluation order (upstream scenarios)', () => {
  it('returns the first violation in rule order (short-circuit)', () => {
    const rules: WorkflowRule[] = [
      rc(5, 120),
      { type: 'repeated_file_edit', threshold: 8, window: 180 },
    ];
    const events = [
      ...builds(0, 0, 0, 0, 0),
      ...Array.from({ length: 10 }, () => edit(0, 'src/main.rs')),
    ];
    expect(evaluateAt(1, rules, events).filter((d) => d.kind === 'interrupt')).toMatchObject([
      { ruleType: 'repeated_command', rule: 0 },
    ]);
  });

  it('mixed types: only the phase timeout is over (900 s > 600 s)', () => {
    const rules: WorkflowRule[] = [
      rc(100, 120),
      { type: 'repeated_file_edit', threshold: 100, window: 180 },
      { type: 'phase_timeout', max_duration: 600 },
      { type: 'token_budget', max_tokens: 10000 },
    ];
    expect(
      evaluateAt(900, rules, [tokens(1, 6000, 1000)]).filter((d) => d.kind === 'interrupt'),
    ).toMatchObject([{ ruleType: 'phase_timeout', rule: 2 }]);
    expect(
      evaluateAt(300, rules, [tokens(1, 2000, 1500)]).filter((d) => d.kind === 'interrupt'),
    ).toEqual([]);
  });
});
