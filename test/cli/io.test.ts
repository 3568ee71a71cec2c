/** The CLI's file reading: regular files only, and a byte cap counted while reading. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readByteChunks, readChunks, readText, UnreadableError } from '../../src/cli/io.ts';

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

describe('readByteChunks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rule-studio-io-'));

  it('gives every byte of the file in order, in chunks of at most 1 MiB (each copied before the next is asked for)', async () => {
    const f = join(dir, 'trace.jsonl');
    const bytes = Buffer.alloc((1 << 21) + 12345);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + (i >> 11)) & 0xff;
    writeFileSync(f, bytes);
    const chunks: Buffer[] = [];
    for await (const c of readByteChunks(f)) {
      expect(c.length).toBeLessThanOrEqual(1 << 20);
      chunks.push(Buffer.from(c));
    }
    expect(chunks.length).toBe(3);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('refuses a missing file, a device and a directory by name', async () => {
    const first = (path: string) => readByteChunks(path)[Symbol.asyncIterator]().next();
    await expect(first(join(dir, 'none.jsonl'))).rejects.toThrow(UnreadableError);
    await expect(first(join(dir, 'none.jsonl'))).rejects.toThrow('no such file');
    await expect(first('/dev/zero')).rejects.toThrow('is a character device');
    await expect(first(dir)).rejects.toThrow(/directory/);
  });
});
