/**
 * UTF-16 files with a byte-order mark (as Windows editors save them) are read, by the CLI's file
 * reads (whole and streamed) and the page's file imports; without the mark they are refused as
 * UTF-16 with what to do, not called "binary".
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeBytes, describeBinary, encodingOf } from '../../src/core/text/decodeBytes.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { readChunks, readText } from '../../src/cli/io.ts';
import { blobText } from '../../src/app/persistence/blobText.ts';
import { readImport } from '../../src/app/persistence/importReading.ts';

const AGENT = 'name = "a"\n\n[[tool_rules]]\ntool_name = "😀 x"\nrule_type = { type = "MaxCalls", value = 1 }\n';

/** The text as UTF-16 bytes, little or big endian, with or without the byte-order mark. */
function utf16(text: string, endian: 'le' | 'be', bom = true): Buffer {
  const le = Buffer.from((bom ? '\ufeff' : '') + text, 'utf16le');
  if (endian === 'le') return le;
  const be = Buffer.alloc(le.length);
  for (let i = 0; i + 1 < le.length; i += 2) {
    be[i] = le[i + 1] as number;
    be[i + 1] = le[i] as number;
  }
  return be;
}

describe('UTF-16 input', () => {
  it('is decoded by its byte-order mark, which is not part of the text', () => {
    expect(encodingOf(utf16('x', 'le'))).toBe('utf-16le');
    expect(encodingOf(utf16('x', 'be'))).toBe('utf-16be');
    expect(encodingOf(Buffer.from('\ufeffx', 'utf8'))).toBe('utf-8');
    expect(decodeBytes(utf16(AGENT, 'le'))).toBe(AGENT);
    expect(decodeBytes(utf16(AGENT, 'be'))).toBe(AGENT);
    expect(decodeBytes(Buffer.from(`\ufeff${AGENT}`, 'utf8'))).toBe(AGENT);
    expect(decodeBytes(Buffer.from(AGENT, 'utf8'))).toBe(AGENT);
  });

  it('reads in the CLI, whole and streamed in chunks, in either byte order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rule-studio-utf16-'));
    for (const endian of ['le', 'be'] as const) {
      const f = join(dir, `agent-${endian}.toml`);
      writeFileSync(f, utf16(AGENT, endian));
      expect(readText(f)).toBe(AGENT);
      const big = 'x'.repeat(3 << 20) + '😀\n';
      const g = join(dir, `big-${endian}.jsonl`);
      writeFileSync(g, utf16(big, endian));
      let read = '';
      for await (const chunk of readChunks(g)) read += chunk;
      expect(read).toBe(big);
    }
  });

  it('reads in the page from a picked file', async () => {
    expect(await blobText(new Blob([new Uint8Array(utf16(AGENT, 'be'))]))).toBe(AGENT);
    expect(await blobText(new Blob([new TextEncoder().encode(AGENT)]))).toBe(AGENT);
    const reading = readImport('agent.toml', await blobText(new Blob([new Uint8Array(utf16(AGENT, 'le'))])));
    expect(reading.kind).toBe('docs');
  });

  it('without a byte-order mark is refused as UTF-16 with what to do, and binary stays binary', () => {
    const text = utf16(AGENT, 'le', false).toString('latin1');
    expect(describeBinary(text)).toBe('utf-16-without-bom');
    expect(describeBinary(utf16(AGENT, 'be', false).toString('latin1'))).toBe('utf-16-without-bom');
    const file = loadRuleFile('agent.toml', text);
    expect(file.diagnostics[0]?.message).toBe(
      'File is UTF-16 text without a byte-order mark (save it as UTF-8, or as UTF-16 with its BOM), not TOML, YAML or JSON text, so nothing was loaded from it.',
    );
    expect(readImport('agent.toml', text)).toMatchObject({ kind: 'refused', message: expect.stringContaining('agent.toml is UTF-16 text without a byte-order mark') as string });
    const binary = Array.from({ length: 2048 }, (_, i) => String.fromCharCode((i * 7919) % 256)).join('');
    expect(describeBinary(binary)).toBe('binary');
    expect(loadRuleFile('x.toml', binary).diagnostics[0]?.message).toMatch(/^File is binary, not TOML/);
  });
});

// review15: a paste that carried one NUL was told "File is binary", with no place.
describe('a NUL character in text', () => {
  it('is an F001 at its line and column, not a binary file', () => {
    const f = loadRuleFile('agent.toml', '[[agents]]\nname = "a\u0000b"\n');
    expect(f.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.column])).toEqual([['F001', 2, 10]]);
    expect(f.diagnostics[0]?.message).toMatch(/NUL character \(U\+0000\) here/);
    expect(f.agents).toEqual([]);
  });
  it('near miss: a text that is mostly control characters is still binary', () => {
    const f = loadRuleFile('agent.toml', '\u0000\u0001\u0002\u0003\u0004'.repeat(40));
    expect(f.diagnostics[0]?.message).toMatch(/is binary/);
  });
});
