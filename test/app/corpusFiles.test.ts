/**
 * The Corpus view's session files: a dropped folder is walked (in the entry API's batches) and gives
 * its trace files, as `rule-studio report --corpus` picks them; dropped files are taken as given;
 * collecting stops past the limit.
 */
import { describe, expect, it } from 'vitest';
import { droppedSessionFiles, sourceOf } from '../../src/app/corpus/sessionFiles.ts';

interface FakeEntry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
  file?(ok: (f: File) => void): void;
  createReader?(): { readEntries(ok: (e: FakeEntry[]) => void): void };
}

const fileEntry = (path: string): FakeEntry => ({ isFile: true, isDirectory: false, name: path.split('/').pop() as string, fullPath: `/${path}`, file: (ok) => ok(new File(['{}'], path)) });
/** A folder whose reader answers in batches of 2, then an empty batch, as Chromium's does (in batches of 100). */
const folder = (path: string, children: FakeEntry[]): FakeEntry => ({
  isFile: false,
  isDirectory: true,
  name: path.split('/').pop() as string,
  fullPath: `/${path}`,
  createReader() {
    let at = 0;
    return {
      readEntries(ok) {
        ok(children.slice(at, at + 2));
        at += 2;
      },
    };
  },
});
const drop = (entries: FakeEntry[], files: File[] = []) =>
  ({ items: entries.map((e) => ({ kind: 'file', webkitGetAsEntry: () => e })), files }) as unknown as DataTransfer;

describe('dropped session files', () => {
  it('walks a dropped folder at any depth, keeps its trace files, sorted by path', async () => {
    const tree = folder('logs', [
      fileEntry('logs/b.jsonl'),
      fileEntry('logs/readme.md'),
      folder('logs/old', [fileEntry('logs/old/a.yaml'), fileEntry('logs/old/c.json'), fileEntry('logs/old/x.png')]),
      fileEntry('logs/a.jsonl'),
      fileEntry('logs/z.yml'),
    ]);
    const { source, sessions } = await droppedSessionFiles(drop([tree]), 100);
    expect(source).toBe('logs/');
    expect(sessions.map((s) => s.name)).toEqual(['logs/a.jsonl', 'logs/b.jsonl', 'logs/old/a.yaml', 'logs/old/c.json', 'logs/z.yml']);
  });

  it('takes dropped files as they are, whatever their name', async () => {
    const { source, sessions } = await droppedSessionFiles(drop([fileEntry('one.log'), fileEntry('two.jsonl')]), 100);
    expect(source).toBe('2 files');
    expect(sessions.map((s) => s.name)).toEqual(['one.log', 'two.jsonl']);
  });

  it('stops collecting past the limit (the store then refuses the corpus with its count)', async () => {
    const many = folder('big', Array.from({ length: 50 }, (_, i) => fileEntry(`big/s${String(i).padStart(2, '0')}.jsonl`)));
    const { sessions } = await droppedSessionFiles(drop([many]), 9);
    expect(sessions.length).toBeGreaterThan(9);
    expect(sessions.length).toBeLessThan(50);
  });

  it('names a picked folder by its first segment, else by a count', () => {
    expect(sourceOf([{ name: 'sessions/a.jsonl', file: new File([], 'a.jsonl') }], 3)).toBe('sessions/');
    expect(sourceOf([{ name: 'a.jsonl', file: new File([], 'a.jsonl') }], 1)).toBe('1 file');
  });
});
