/**
 * `ConditionalToolRule._matches_key` and the response's `message` (letta-ai/letta @ 56ba9c25,
 * `letta/schemas/tool_rule.py`). Letta's tests build rules with Python keys (`{True: …}`);
 * rules read from JSON have string keys, which match only the identical string.
 */
import { describe, expect, it } from 'vitest';
import { matchesLettaKey, packageResponse, responseMessage } from '../../src/core/engine/letta/outputKey.ts';

describe('matchesLettaKey', () => {
  it('a bool key matches true/false in any case, nothing else', () => {
    expect(matchesLettaKey('true', true)).toBe(true);
    expect(matchesLettaKey('TRUE', true)).toBe(true);
    expect(matchesLettaKey('False', false)).toBe(true);
    expect(matchesLettaKey('1', true)).toBe(false);
    expect(matchesLettaKey('true', false)).toBe(false);
  });
  it('an int key matches what int() reads as that number', () => {
    expect(matchesLettaKey('42', 42)).toBe(true);
    expect(matchesLettaKey(' +42 ', 42)).toBe(true);
    expect(matchesLettaKey('4_2', 42)).toBe(true);
    expect(matchesLettaKey('42.0', 42)).toBe(false);
    expect(matchesLettaKey('forty-two', 42)).toBe(false);
  });
  it('a float key matches what float() reads as that number', () => {
    expect(matchesLettaKey('1.5', 1.5)).toBe(true);
    expect(matchesLettaKey('15e-1', 1.5)).toBe(true);
    expect(matchesLettaKey('1.50 ', 1.5)).toBe(true);
    expect(matchesLettaKey('nan', Number.NaN)).toBe(false);
    expect(matchesLettaKey('x', 1.5)).toBe(false);
  });
  it('a string key matches only the identical string (keys read from JSON are strings)', () => {
    expect(matchesLettaKey('true', 'true')).toBe(true);
    expect(matchesLettaKey('True', 'true')).toBe(false);
    expect(matchesLettaKey('1', '01')).toBe(false);
  });
});

describe('responseMessage', () => {
  it("reads the packaged response's message; Python's str() of a non-string one", () => {
    expect(responseMessage(packageResponse(true, 'yes'))).toBe('yes');
    expect(responseMessage('{"message": true}')).toBe('True');
    expect(responseMessage('{"message": null}')).toBe('None');
    expect(responseMessage('{"status": "OK"}')).toBe('');
  });
  it('is undefined for a response that is not a JSON object (the rule falls back to its default)', () => {
    expect(responseMessage('plain text')).toBeUndefined();
    expect(responseMessage('[1]')).toBeUndefined();
  });
});
