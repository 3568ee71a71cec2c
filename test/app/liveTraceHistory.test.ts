/**
 * Review item: the writes `follow --studio` makes to the project's traces (a followed session
 * growing) were undo steps, coalesced by key, so Ctrl+Z after them undid the session, not the
 * user's last edit. They are no undo steps now (`putLiveTrace`), and every state of the history
 * holds the live trace as it is, so undo and redo never take live events away.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { activeDoc, createStudioStore } from '../../src/app/state/store.ts';
import { createLiveTraceFeed } from '../../src/app/simulator/liveTrace.ts';

const RULES = readFileSync('examples/codex-default.rules', 'utf8');
const LINES = readFileSync('examples/traces/codex-session.jsonl', 'utf8').split(/(?<=\n)/);

function setup() {
  let now = 0;
  const store = createStudioStore(undefined, () => now);
  const timers: (() => void)[] = [];
  const feed = createLiveTraceFeed(store, (run) => timers.push(run));
  let at = 0;
  /** The session grows by `lines`, and the feed writes it. */
  const grow = (lines: readonly string[]) => {
    for (const l of lines) {
      at += Buffer.byteLength(l);
      feed.lines(0, at, 'rollout.jsonl', l);
    }
    for (const run of timers.splice(0)) run();
  };
  const live = () => store.getState().project.traces?.find((t) => t.name === 'rollout.jsonl')?.text;
  return { s: () => store.getState(), tick: (ms: number) => (now += ms), grow, live };
}

describe('the live trace and undo', () => {
  it('undo after the session grows undoes the user’s last edit and keeps every live event; redo too', () => {
    const { s, tick, grow, live } = setup();
    s().importFile('default.rules', RULES);
    const doc = activeDoc(s())!;
    grow(LINES.slice(0, 5));
    tick(5000);
    // the user's edit, then the session grows (within the coalescing second and after it)
    const edited = RULES.replace('decision = "forbidden"', 'decision = "prompt"');
    s().setText(doc.id, edited);
    const steps = s().history.past.length;
    grow(LINES.slice(5, 9));
    tick(300);
    grow(LINES.slice(9));
    tick(5000);
    grow([]);
    expect(s().history.past).toHaveLength(steps);
    expect(live()).toBe(LINES.join(''));

    s().undo();
    expect(activeDoc(s())?.text).toBe(RULES);
    expect(live()).toBe(LINES.join(''));
    s().redo();
    expect(activeDoc(s())?.text).toBe(edited);
    expect(live()).toBe(LINES.join(''));
    // back to before the import: the session stays, the user's edits are gone
    s().undo();
    s().undo();
    expect(s().project.docs).toEqual([]);
    expect(s().project.traces?.map((t) => [t.name, t.text])).toEqual([['rollout.jsonl', LINES.join('')]]);
  });

  it('the first write adds the trace with no undo step; a user’s own trace edit is still one', () => {
    const { s, tick, grow, live } = setup();
    grow(LINES.slice(0, 3));
    expect(s().history.past).toEqual([]);
    s().undo();
    expect(live()).toBe(LINES.slice(0, 3).join(''));
    const mine = s().addTrace('mine.jsonl', '');
    tick(5000);
    s().setTraceText(mine, LINES[0] as string);
    grow(LINES.slice(3, 6));
    s().undo();
    expect(s().project.traces?.find((t) => t.id === mine)?.text).toBe('');
    expect(live()).toBe(LINES.slice(0, 6).join(''));
  });
});
