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

  it('another project drops the errors about the one left, keeps what was said for information', () => {
    const store = createStudioStore(undefined, () => 0);
    const s = () => store.getState();
    s().notify('error', 'etl-broken.toml has an error in its source at line 39.');
    s().notify('info', 'Your project “Draft” stays saved: Examples → Saved projects.');
    s().newProject('ETL pipeline');
    expect(s().notices.map((n) => [n.kind, n.text])).toEqual([['info', 'Your project “Draft” stays saved: Examples → Saved projects.']]);
    s().notify('error', 'Another error.');
    s().loadProject(s().project);
    expect(s().notices.map((n) => n.kind)).toEqual(['info']);
  });
});
