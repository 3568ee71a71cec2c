import { describe, expect, it } from 'vitest';
import { compact, thousands, windowWords } from './workflowTexts.ts';
import { debugDuration, debugList } from './rustFormat.ts';

describe('reference text helpers use the spec examples', () => {
  it('numbers, durations and windows (workflow-rules.md §4)', () => {
    expect(thousands(6200)).toBe('6,200');
    expect(thousands(1000)).toBe('1,000');
    expect(thousands(999)).toBe('999');
    expect(compact(400)).toBe('6m 40s');
    expect(compact(300)).toBe('5m');
    expect(compact(45)).toBe('45s');
    expect(compact(3723)).toBe('1h 2m 3s');
    expect(windowWords(120)).toBe('2 minutes');
    expect(windowWords(60)).toBe('1 minute');
    expect(windowWords(90)).toBe('90 seconds');
    expect(windowWords(3600)).toBe('1 hour');
    expect(windowWords(1)).toBe('1 second');
  });
  it('Rust debug lists and durations (tool-rules.md §6)', () => {
    expect(debugList(['a', 'b'])).toBe('["a", "b"]');
    expect(debugList([])).toBe('[]');
    expect(debugDuration(2000)).toBe('2s');
    expect(debugDuration(1500)).toBe('1.5s');
    expect(debugDuration(450)).toBe('450ms');
  });
});
