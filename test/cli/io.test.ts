/** The CLI's file reading: regular files only, and a byte cap counted while reading. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readChunks, readText, UnreadableError } from '../../src/cli/io.ts';

describe('readText', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rule-studio-io-'));

  it('reads a regular file as UTF-8', () => {
    const f = join(dir, 'a.toml');
    writeFileSync(f, 'name = "ä✓"\n');
    expect(readText(f)).toBe('name = "ä✓"\n');
  });

  it('refuses a file larger than the cap by its size', () => {
    const f = join(dir, 'big.toml');
    writeFileSync(f, 'x'.repeat(2048));
    expect(() => readText(f, 1024)).toThrow(UnreadableError);
    expect(() => readText(f, 1024)).toThrow(/file is too large/);
    expect(readText(f, 4096)).toHaveLength(2048);
  });

  it('counts bytes as it reads, so a file that reports size 0 cannot pass the cap', () => {
    expect(() => readText('/proc/self/status', 64)).toThrow(/too large \(more than/);
    expect(readText('/proc/self/status').length).toBeGreaterThan(64);
  });

  it('refuses devices and directories, naming what they are', () => {
    expect(() => readText('/dev/zero')).toThrow('/dev/zero: is a character device, not a regular file');
    expect(() => readText(dir)).toThrow('is a directory');
    expect(() => readText(join(dir, 'missing'))).toThrow('no such file');
  });

  it('escapes control characters of the path in its messages', () => {
    expect(() => readText(join(dir, 'x\u001b[31m'))).toThrow(/x\\e\[31m: no such file/);
  });
});

describe('readChunks', () => {
  it('refuses a device before reading anything', async () => {
    const chunks = readChunks('/dev/zero')[Symbol.asyncIterator]();
    await expect(chunks.next()).rejects.toThrow('is a character device');
  });
});
