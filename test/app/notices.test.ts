import { describe, expect, it } from 'vitest';
import { createStudioStore } from '../../src/app/state/store.ts';

describe('notices', () => {
  it('the same notice again is one notice, moved to the newest, never a pile', () => {
    const store = createStudioStore(undefined, () => 0);
    const s = () => store.getState();
    s().notify('info', 'Undo: Nothing to undo.');
    s().notify('error', 'Something else.');
    s().notify('info', 'Undo: Nothing to undo.');
    s().notify('info', 'Undo: Nothing to undo.');
    expect(s().notices.map((n) => n.text)).toEqual(['Something else.', 'Undo: Nothing to undo.']);
    // An error and an info of one text are two notices.
    s().notify('error', 'Undo: Nothing to undo.');
    expect(s().notices).toHaveLength(3);
  });
});
