/**
 * End to end through the workflow engine: rule patterns match as hegel's Rust `regex` does
 * (issue 10's repros). A `repeated_command` rule with threshold 1 and window 600, one command,
 * then a `next` that stays in the phase: hegel interrupts exactly when the pattern matches.
 */
import { describe, expect, it } from 'vitest';
import type { WorkflowRule } from '../../src/core/model/workflow.ts';
import { cmd, next, run, start, texts, workflow } from './helpers.ts';

const repeated = (pattern: string): WorkflowRule => ({ type: 'repeated_command', pattern, threshold: 1, window: 600 });
const interrupts = (pattern: string, command: string, profile: 'hegel' | 'spec') =>
  texts(run(workflow('code', { code: { transitions: [['code_complete', 'done']], rules: [repeated(pattern)] } }), [start(0), cmd(10, command), next(20, ['stay'])], { profile })).length;

describe.each(['hegel', 'spec'] as const)('profile %s: Unicode classes in rule patterns', (profile) => {
  it.each([
    ['caf\\w build', 'café build', 1],
    ['make -j\\d', 'make -j٣', 1],
    ['make\\s-j4', 'make\u00a0-j4', 1],
    ['\\btest\\b', 'étest', 0],
    ['\\btest\\b', 'npm test', 1],
  ])('%s on %j interrupts %i time(s)', (pattern, command, want) => {
    expect(interrupts(pattern, command, profile)).toBe(want);
  });

  it('a pattern Rust refuses never fires (the validator reports it as W005)', () => {
    expect(interrupts('\\Qcargo\\E', 'cargo build', profile)).toBe(0);
    expect(interrupts('cargo', 'cargo build', profile)).toBe(1);
  });
});
