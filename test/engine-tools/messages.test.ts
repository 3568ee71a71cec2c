/** Exact §6 texts and the Rust debug formats they use. */
import { describe, expect, it } from 'vitest';
import {
  cooldownActiveMessage,
  deduplicatedMessage,
  exclusiveGroupViolationMessage,
  maxCallsExceededMessage,
  notFoundMessage,
  operationNotAllowedMessage,
  orderingViolationMessage,
  permissionDeniedMessage,
  prerequisitesNotMetMessage,
  requiredBeforeExitMessage,
  rustDebugList,
  rustDebugString,
  rustDurationDebug,
  startConstraintsNotMetMessage,
  timeoutMessage,
} from '../../src/core/engine/tools/messages.ts';

describe("Rust's Duration debug format", () => {
  it.each([
    [2000, '2s'],
    [1500, '1.5s'],
    [450, '450ms'],
    [4500, '4.5s'],
    [60_000, '60s'],
    [120_000, '120s'],
    [1001, '1.001s'],
    [1010, '1.01s'],
    [999, '999ms'],
    [1, '1ms'],
    [1.5, '1.5ms'],
    [0.5, '500µs'],
    [0.0005, '500ns'],
    [0, '0ns'],
    [3_600_000, '3600s'],
  ])('%d ms → %s', (ms, text) => {
    expect(rustDurationDebug(ms)).toBe(text);
  });
});

describe("Rust's debug format of strings and lists", () => {
  it('quotes and separates with ", "', () => {
    expect(rustDebugList(['a', 'b'])).toBe('["a", "b"]');
    expect(rustDebugList([])).toBe('[]');
  });
  it('escapes quotes, backslashes and control characters', () => {
    expect(rustDebugString('say "hi"\\\n\t')).toBe('"say \\"hi\\"\\\\\\n\\t"');
    expect(rustDebugString('\u0001')).toBe('"\\u{1}"');
    expect(rustDebugString("it's é")).toBe('"it\'s é"');
  });
});

describe('§6 failure texts', () => {
  it('formats every code exactly', () => {
    expect(prerequisitesNotMetMessage('t', ['a'], '"x", "x"')).toBe(
      'Tool t cannot be executed: prerequisites ["a"] not met. Executed tools: ["x", "x"]',
    );
    expect(maxCallsExceededMessage('t', 3, 3)).toBe('Tool t has exceeded maximum calls (3). Current: 3');
    expect(cooldownActiveMessage('t', 4500)).toBe('Tool t is in cooldown. Remaining: 4.5s');
    expect(exclusiveGroupViolationMessage('a', ['a', 'b'], ['b'])).toBe(
      'Tool a cannot be executed: exclusive group violation. Group ["a", "b"] already has executed tools: ["b"]',
    );
    expect(orderingViolationMessage('t', ['a', 'b'], ['b'])).toBe(
      'Tool t violates ordering constraint: must be called before ["a", "b"], but these were already executed: ["b"]',
    );
    expect(startConstraintsNotMetMessage('t', ['init'])).toBe(
      'Tool t cannot be executed until start constraints are satisfied. Required: ["init"]',
    );
    expect(operationNotAllowedMessage('file', 'patch', new Set(['read', 'append']))).toBe(
      "Operation 'patch' not allowed for tool 'file'. Allowed operations: append, read",
    );
    expect(notFoundMessage('x', ['a', 'b'])).toBe('Tool not found: x. Available: ["a", "b"]');
    expect(permissionDeniedMessage('shell', 'exec')).toBe('Permission denied for tool shell (scope: exec)');
    expect(permissionDeniedMessage('shell', undefined)).toBe('Permission denied for tool shell (scope: none)');
    expect(timeoutMessage('t', 120_000)).toBe('Tool t execution timed out after 120s');
    expect(deduplicatedMessage('t')).toBe('Duplicate call to t within dedupe window');
    expect(requiredBeforeExitMessage(['a', 'b'])).toBe('You must call these tools before ending the conversation: a, b');
  });
});
