/**
 * The Inspector's words for an empty or absent repeated-rule pattern (review12: an empty
 * `repeated_command` pattern said "Valid pattern"), checked against what the engine does.
 */
import { describe, expect, it } from 'vitest';
import { blankPatternMeaning } from '../../src/core/describe/index.ts';
import type { WorkflowRule } from '../../src/core/model/workflow.ts';
import { cmd, edit, next, run, start, texts, workflow } from '../engine-workflow/helpers.ts';

/** Three distinct commands (or paths) then a `next` that leaves `code`: fires only if all count together. */
function fires(rule: WorkflowRule, profile: 'spec' | 'hegel'): boolean {
  const wf = workflow('code', { code: { transitions: [['done_coding', 'done']], rules: [rule] } });
  const events =
    rule.type === 'repeated_command'
      ? [cmd(1, 'make'), cmd(2, 'ls'), cmd(3, 'pwd')]
      : [edit(1, 'a.rs', 'Edit'), edit(2, 'b.rs', 'Edit'), edit(3, 'c.rs', 'Edit')];
  // hegel evaluates the resulting node's rules: stay in `code` so its own rule is checked.
  const claims = profile === 'hegel' ? ['stay'] : ['done_coding'];
  return texts(run(wf, [start(0), ...events, next(10, claims)], { profile })).length > 0;
}

const command = (pattern?: string): WorkflowRule => ({ type: 'repeated_command', threshold: 3, window: 60, ...(pattern === undefined ? {} : { pattern }) });
const edits = (path_pattern?: string): WorkflowRule => ({
  type: 'repeated_file_edit',
  threshold: 3,
  window: 60,
  ...(path_pattern === undefined ? {} : { path_pattern }),
});

describe('blankPatternMeaning', () => {
  it('an empty pattern matches every command: all count together in both profiles, as the engine does', () => {
    expect(blankPatternMeaning('command', '')).toBe('Empty pattern: it matches every command, so every command counts (both profiles).');
    expect([fires(command(''), 'hegel'), fires(command(''), 'spec')]).toEqual([true, true]);
    expect([fires(edits(''), 'hegel'), fires(edits(''), 'spec')]).toEqual([true, true]);
  });

  it('no pattern: hegel counts every command, spec only the most repeated one, as the engine does', () => {
    expect(blankPatternMeaning('command', undefined)).toBe('No pattern: hegel counts every command; the spec profile counts only the most repeated command.');
    expect(blankPatternMeaning('edit', undefined)).toBe('No pattern: hegel counts every file edit; the spec profile counts only the most edited path.');
    expect([fires(command(), 'hegel'), fires(command(), 'spec')]).toEqual([true, false]);
    expect([fires(edits(), 'hegel'), fires(edits(), 'spec')]).toEqual([true, false]);
  });

  it('says nothing about a pattern with text', () => {
    expect(blankPatternMeaning('command', '^cargo')).toBeUndefined();
  });
});
