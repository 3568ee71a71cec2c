/** Each rule type in profile `spec` (§3.1, §4.1), with exact texts. */
import { describe, expect, it } from 'vitest';
import type { WorkflowRule } from '../../src/core/model/workflow.ts';
import { cmd, commit, edit, ev, next, run, specTail, start, texts, tokens, workflow } from './helpers.ts';

const CMD_SUGGESTION =
  "Suggestion: You're stuck in a build loop. Review the error message carefully.\n" +
  'Consider using TDD: write a failing test first, then fix the specific issue.\n';
const EDIT_SUGGESTION =
  "Suggestion: You're thrashing the same file. Step back and write a failing test\n" +
  'that captures the desired behavior, then implement the fix.\n';

/** A `code` node (→ `review` on `done_coding`) with the given rules. */
const codeWith = (...rules: WorkflowRule[]) =>
  workflow('code', { code: { transitions: [['done_coding', 'review']], rules }, review: { transitions: [['ok', 'done']] } });

describe('spec: repeated_command', () => {
  it('without a pattern fires for the most repeated command; ties go to the latest event', () => {
    const wf = codeWith({ type: 'repeated_command', threshold: 2, window: 60 });
    const out = run(wf, [start(0), cmd(1, 'make'), cmd(2, 'ls'), cmd(3, 'make'), cmd(4, 'ls'), cmd(5, 'pwd'), next(6, ['done_coding'])]);
    expect(texts(out)).toEqual([
      '🚨 WORKFLOW INTERRUPT: Repeated Command Detected\n\n' +
        'Diagnostic: ls executed 2 times in 1 minute\n' +
        'Recent executions:\n' +
        '  - 10:00:02: ls\n' +
        '  - 10:00:04: ls\n\n' +
        CMD_SUGGESTION +
        specTail('CODE'),
    ]);
    expect(out.map((d) => d.kind)).toEqual(['transition', 'interrupt']);
  });

  it('without a pattern, distinct commands below the threshold each do not fire', () => {
    const wf = codeWith({ type: 'repeated_command', threshold: 3, window: 60 });
    const out = run(wf, [start(0), cmd(1, 'a'), cmd(2, 'b'), cmd(3, 'a'), cmd(4, 'b'), cmd(5, 'c'), next(6, ['done_coding'])]);
    expect(out.map((d) => d.kind)).toEqual(['transition', 'transition']);
  });

  it('without a pattern the higher count wins over a more recent command', () => {
    const wf = codeWith({ type: 'repeated_command', threshold: 2, window: 60 });
    const out = run(wf, [start(0), cmd(1, 'make'), cmd(2, 'make'), cmd(3, 'make'), cmd(4, 'ls'), cmd(5, 'ls'), next(6, ['x'])]);
    expect(texts(out)[0]).toContain('Diagnostic: make executed 3 times in 1 minute\n');
  });

  it('with a pattern and identical commands the subject is the command', () => {
    const wf = codeWith({ type: 'repeated_command', pattern: '^cargo', threshold: 2, window: 90 });
    const out = run(wf, [start(0), cmd(10, 'cargo build'), cmd(20, 'git status'), cmd(30, 'cargo build'), next(40, ['done_coding'])]);
    expect(texts(out)).toEqual([
      '🚨 WORKFLOW INTERRUPT: Repeated Command Detected\n\n' +
        'Diagnostic: cargo build executed 2 times in 90 seconds\n' +
        'Pattern: ^cargo\n' +
        'Recent executions:\n' +
        '  - 10:00:10: cargo build\n' +
        '  - 10:00:30: cargo build\n\n' +
        CMD_SUGGESTION +
        specTail('CODE'),
    ]);
  });

  it('the window slides: events older than now − window drop out, the boundary is inclusive', () => {
    const wf = codeWith({ type: 'repeated_command', pattern: 'build', threshold: 2, window: 60 });
    // at 70: 10 is out (< 70 − 60), 30 and 70 count
    expect(run(wf, [start(0), cmd(10, 'build'), cmd(30, 'build'), next(91, ['x'])]).map((d) => d.kind)).toEqual(['transition']);
    expect(texts(run(wf, [start(0), cmd(10, 'build'), cmd(30, 'build'), next(70, ['x'])]))[0]).toContain('build executed 2 times');
    expect(run(wf, [start(0), cmd(10, 'build'), cmd(30, 'build'), next(70.001, ['x'])]).map((d) => d.kind)).toEqual(['transition']);
  });

  it('lists at most the 5 most recent executions, oldest first', () => {
    const wf = codeWith({ type: 'repeated_command', pattern: 'make', threshold: 7, window: 3600 });
    const cmds = [1, 2, 3, 4, 5, 6, 7].map((s) => cmd(s, `make t${s}`));
    const text = texts(run(wf, [start(0), ...cmds, next(8, ['x'])]))[0]!;
    expect(text).toContain(
      'Diagnostic: Commands matching make executed 7 times in 1 hour\nPattern: make\nRecent executions:\n' +
        '  - 10:00:03: make t3\n  - 10:00:04: make t4\n  - 10:00:05: make t5\n  - 10:00:06: make t6\n  - 10:00:07: make t7\n\n',
    );
  });

  it('counts Bash tool calls only when executed, and never twice for recorded activity', () => {
    const wf = codeWith({ type: 'repeated_command', threshold: 2, window: 60 });
    const call = (s: number, extra: Record<string, unknown> = {}) =>
      ev(s, 'tool_call', { tool: 'Bash', args: { command: 'npm test' }, ...extra });
    expect(texts(run(wf, [start(0), call(1), call(2), next(3, ['x'])]))[0]).toContain('npm test executed 2 times');
    expect(texts(run(wf, [start(0), call(1), call(2), next(3, ['x'])], {}, false))).toEqual([]);
    expect(texts(run(wf, [start(0), call(1, { activity_recorded: true }), cmd(1, 'npm test'), next(3, ['x'])]))).toEqual([]);
  });

  it("a new phase starts with empty windows: the previous phase's commands never count", () => {
    const wf = workflow('a', {
      a: { transitions: [['go', 'b']] },
      b: { transitions: [['go', 'done']], rules: [{ type: 'repeated_command', threshold: 2, window: 600 }] },
    });
    const out = run(wf, [start(0), cmd(1, 'x'), cmd(2, 'x'), next(3, ['go']), cmd(4, 'x'), next(5, ['go'])]);
    expect(out.map((d) => d.kind)).toEqual(['transition', 'transition', 'transition']);
  });
});

describe('spec: repeated_file_edit', () => {
  it('with a path pattern counts all matching edits together; mixed paths give "Files matching"', () => {
    const wf = codeWith({ type: 'repeated_file_edit', path_pattern: 'src/.*\\.rs', threshold: 3, window: 180 });
    const out = run(wf, [
      start(0),
      edit(10, 'src/main.rs'),
      edit(20, 'README.md'),
      ev(30, 'tool_call', { tool: 'MultiEdit', args: { file_path: 'src/lib.rs' } }),
      edit(40, 'src/main.rs', 'Write'),
      next(50, ['done_coding']),
    ]);
    expect(texts(out)).toEqual([
      '🚨 WORKFLOW INTERRUPT: Repeated File Edit Detected\n\n' +
        'Diagnostic: Files matching src/.*\\.rs edited 3 times in 3 minutes\n' +
        'Pattern: src/.*\\.rs\n' +
        'Recent edits:\n' +
        '  - 10:00:10: Edit (src/main.rs)\n' +
        '  - 10:00:30: MultiEdit (src/lib.rs)\n' +
        '  - 10:00:40: Write (src/main.rs)\n\n' +
        EDIT_SUGGESTION +
        specTail('CODE'),
    ]);
  });

  it('without a pattern fires per distinct path with the path as subject', () => {
    const wf = codeWith({ type: 'repeated_file_edit', threshold: 2, window: 60 });
    const out = run(wf, [start(0), edit(1, 'a.ts'), edit(2, 'b.ts'), edit(3, 'a.ts'), next(4, ['x'])]);
    expect(texts(out)[0]).toContain('Diagnostic: a.ts edited 2 times in 1 minute\nRecent edits:\n  - 10:00:01: Edit (a.ts)\n  - 10:00:03: Edit (a.ts)\n\n');
  });
});

describe('spec: phase_timeout', () => {
  const wf = codeWith({ type: 'phase_timeout', max_duration: 300 });

  it('fires over the limit with compact durations and floor seconds', () => {
    const out = run(wf, [start(0), next(400.9, ['done_coding'])]);
    expect(texts(out)).toEqual([
      '🚨 WORKFLOW INTERRUPT: Phase Timeout Exceeded\n\n' +
        'Diagnostic: CODE phase running for 6m 40s (limit: 5m)\n' +
        'Phase start: 10:00:00\n' +
        'Current time: 10:06:40\n' +
        'Duration: 400 seconds\n\n' +
        'Suggestion: This phase is taking too long. Consider:\n' +
        '- Breaking the task into smaller steps\n' +
        '- Transitioning to LEARNINGS to document blockers\n' +
        '- Resetting the workflow with simplified scope\n' +
        specTail('CODE'),
    ]);
  });

  it('compares exact milliseconds: exactly the limit passes, one ms more fires (shown as whole seconds)', () => {
    expect(run(wf, [start(0), next(300, ['done_coding'])]).map((d) => d.kind)).toEqual(['transition', 'transition']);
    const text = texts(run(wf, [start(0), next(300.001, ['done_coding'])]))[0]!;
    expect(text).toContain('Diagnostic: CODE phase running for 5m (limit: 5m)\n');
    expect(text).toContain('Duration: 300 seconds\n');
  });
});

describe('spec: token_budget', () => {
  const wf = codeWith({ type: 'token_budget', max_tokens: 5000 });

  it('sums tokens events, tool_call and model_end tokens (cache excluded), with separators', () => {
    const out = run(
      wf,
      [
        start(0),
        ev(1, 'tokens', { input: 3000, output: 1000, cache_read: 90000, cache_creation: 5000 }),
        ev(2, 'tool_call', { tool: 'x', tokens: { input: 1000, output: 100 } }),
        ev(3, 'model_end', { tokens: { input: 100, output: 1 } }),
        next(4, ['done_coding']),
      ],
      {},
      false, // tokens count whatever the tool rules decided
    );
    expect(texts(out)).toEqual([
      '🚨 WORKFLOW INTERRUPT: Token Budget Exceeded\n\n' +
        'Diagnostic: Token budget exceeded: 5,201 / 5,000\n' +
        'Input tokens: 4,100\n' +
        'Output tokens: 1,101\n\n' +
        'Suggestion: Consider simplifying scope or splitting work.\n' +
        specTail('CODE'),
    ]);
  });

  it('exactly the budget does not fire', () => {
    expect(texts(run(wf, [start(0), tokens(1, 3000, 2000), next(2, ['done_coding'])]))).toEqual([]);
  });
});

describe('spec: require_commits', () => {
  const wf = workflow('a', {
    a: { transitions: [['go', 'b']] },
    b: { transitions: [['go', 'done']], rules: [{ type: 'require_commits', lookback_phases: 2 }] },
  });

  it('fires with no commit in the current phase and the one before', () => {
    expect(texts(run(wf, [start(0), next(1, ['go']), next(2, ['go'])]))).toEqual([
      '🚨 WORKFLOW INTERRUPT: Commits Required\n\n' +
        'Diagnostic: No commits found in last 2 phases\n\n' +
        'Suggestion: Create a commit before advancing.\n' +
        specTail('B'),
    ]);
  });

  it('a commit in the previous phase (within k) satisfies it; with k = 1 it does not', () => {
    expect(texts(run(wf, [start(0), commit(1), next(2, ['go']), next(3, ['go'])]))).toEqual([]);
    const k1 = workflow('a', {
      a: { transitions: [['go', 'b']] },
      b: { transitions: [['go', 'done']], rules: [{ type: 'require_commits', lookback_phases: 1 }] },
    });
    expect(texts(run(k1, [start(0), commit(1), next(2, ['go']), next(3, ['go'])]))).toHaveLength(1);
    expect(texts(run(k1, [start(0), next(2, ['go']), commit(3), next(4, ['go'])]))).toEqual([]);
  });
});

describe('spec: evaluation order', () => {
  it('rules are evaluated in file order and the first violation wins', () => {
    const wf = codeWith({ type: 'token_budget', max_tokens: 10 }, { type: 'repeated_command', threshold: 1, window: 60 });
    const out = run(wf, [start(0), cmd(1, 'ls'), tokens(2, 100, 0), next(3, ['done_coding'])]);
    expect(out.filter((d) => d.kind === 'interrupt')).toMatchObject([{ ruleType: 'token_budget', rule: 0, node: 'code' }]);
  });

  it('an interrupt blocks the transition; after it stops firing the transition is taken', () => {
    const wf = codeWith({ type: 'repeated_command', threshold: 2, window: 60 });
    const out = run(wf, [start(0), cmd(1, 'ls'), cmd(2, 'ls'), next(3, ['done_coding']), ev(4, 'continue'), next(70, ['done_coding'])]);
    expect(out.map((d) => [d.event, d.kind])).toEqual([
      [0, 'transition'],
      [3, 'interrupt'],
      [5, 'transition'],
    ]);
  });
});
