import { describe, expect, it } from 'vitest';
import { nameParts } from '../../src/app/graph/nameBreaks.ts';

describe('nameParts', () => {
  it('breaks after separators and at camelCase humps, and joins back to the name', () => {
    expect(nameParts('archival_memory_insert')).toEqual(['archival_', 'memory_', 'insert']);
    expect(nameParts('fetchUserRecords')).toEqual(['fetch', 'User', 'Records']);
    expect(nameParts('api.v2/get-item:id')).toEqual(['api.', 'v2/', 'get-', 'item:', 'id']);
    // a rule's alternatives (Codex `git [status|diff]`) wrap between them, not mid-word
    expect(nameParts('git [status|diff|log]')).toEqual(['git [status|', 'diff|', 'log]']);
    for (const n of ['a__b', '_lead', 'trail_', 'URLFetch', 'x', '', 'send_message']) expect(nameParts(n).join('')).toBe(n);
  });
  it('leaves a name without break points whole', () => {
    expect(nameParts('summarize')).toEqual(['summarize']);
    expect(nameParts('URL')).toEqual(['URL']);
  });
});
