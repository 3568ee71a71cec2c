/**
 * Every guided walk-through opens on a lead-in (task ui11: the Claude Code one started cold, its
 * recorded transcript having no comments): a scripted trace's own top comments, or the
 * walk-through's note, which the teaching payload's schema accepts.
 */
import { describe, expect, it } from 'vitest';
import { WALKTHROUGHS } from '../../src/app/examples.ts';
import { traceNarration } from '../../src/core/traces/narration.ts';
import { TeachingNote } from '../../src/core/simulator/teaching.ts';

describe('guided walk-throughs', () => {
  it('each says something before the first step: its trace’s own comments, else its note', () => {
    expect(WALKTHROUGHS.length).toBeGreaterThanOrEqual(4);
    for (const w of WALKTHROUGHS) {
      const own = /\.ya?ml$/.test(w.trace.name) ? traceNarration(w.trace.text).intro : undefined;
      // a scripted walk-through keeps its own narration; only the transcript needs a note
      expect([w.trace.name, own !== undefined || w.note !== undefined]).toEqual([w.trace.name, true]);
      if (own !== undefined) expect(w.note).toBeUndefined();
      if (w.note !== undefined) expect(TeachingNote.safeParse(w.note).success).toBe(true);
    }
  });

  it('the Claude Code one says what the class will see: a call the rules allow, rejected by the user', () => {
    const claude = WALKTHROUGHS.find((w) => w.trace.name === 'claude-code-session.jsonl');
    expect(claude?.note).toMatch(/rejected/);
    expect(claude?.note).toContain('`npm test && npm run build`');
    expect(claude?.trace.text).toContain('"command":"npm test && npm run build"');
  });
});
