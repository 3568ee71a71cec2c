/**
 * Share links: round trip for any project, and clear refusals for links that are damaged,
 * altered, oversized, decompression bombs or from a newer Rule Studio.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeShareLink, encodeShareLink, sharePayloadOf, MAX_SHARE_INFLATED_BYTES } from '../../src/core/project/shareLink.ts';
import { crc32, toBase64Url, transform } from '../../src/core/project/bytes.ts';
import type { ProjectBundle } from '../../src/core/project/bundle.ts';
import { bundleArb } from './bundleArbitrary.ts';

const small: ProjectBundle = {
  schemaVersion: 2,
  name: 'Shared <img src=x onerror=alert(1)>',
  activeDocId: 'w',
  docs: [{ kind: 'workflow', id: 'w', fileName: 'w.yaml', text: 'mode: m\n', layout: { a: { x: 1, y: 2 } }, workflow: { name: 'w', mode: 'm', start_node: 'a', nodes: [{ name: 'a', transitions: [], rules: [] }] } }],
};

/** A link for arbitrary JSON text, built the way encodeShareLink builds one. */
async function linkFor(json: string, version = 1): Promise<string> {
  const bytes = new TextEncoder().encode(json);
  const packed = await transform(new CompressionStream('deflate-raw'), bytes, Infinity);
  if (packed === 'too-large') throw new Error('unreachable');
  const out = new Uint8Array(4 + packed.length);
  new DataView(out.buffer).setUint32(0, crc32(bytes));
  out.set(packed, 4);
  return `v${version}.${toBase64Url(out)}`;
}

describe('share links', () => {
  it('open to the same project, for any project', async () => {
    await fc.assert(
      fc.asyncProperty(bundleArb, async (b) => {
        const link = await encodeShareLink(b);
        expect(link).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
        const r = await decodeShareLink(`https://studio.example/app/#share=${link}`);
        expect(r.ok && r.bundle).toEqual(b);
      }),
      { numRuns: 60 },
    );
  });

  it('accept the bare payload and the fragment', async () => {
    const link = await encodeShareLink(small);
    expect(sharePayloadOf(`#share=${link}`)).toBe(link);
    expect((await decodeShareLink(link)).ok).toBe(true);
    expect((await decodeShareLink(`#share=${link}`)).ok).toBe(true);
  });

  it('refuse a link whose payload was altered', async () => {
    const link = await encodeShareLink(small);
    let refused = 0;
    for (let i = 3; i < link.length; i++) {
      const c = link[i] === 'A' ? 'B' : 'A';
      const r = await decodeShareLink(link.slice(0, i) + c + link.slice(i + 1));
      // A change in the last character's unused low bits can leave the bytes as they were.
      if (r.ok) expect(r.bundle).toEqual(small);
      else {
        refused++;
        expect(r.message).toMatch(/^The share link could not be opened: it is damaged/);
      }
    }
    expect(refused).toBeGreaterThan(link.length - 6);
  });

  it('refuse a truncated link and foreign characters', async () => {
    const link = await encodeShareLink(small);
    expect(await decodeShareLink(link.slice(0, 20))).toMatchObject({ ok: false, message: expect.stringMatching(/damaged/) });
    expect(await decodeShareLink(link.slice(0, 10) + '%' + link.slice(11))).toMatchObject({ ok: false, message: expect.stringMatching(/character 8 of the payload is not base64url/) });
    expect(await decodeShareLink('v1.')).toMatchObject({ ok: false, message: expect.stringMatching(/too short/) });
  });

  it('refuse what is not a share link', async () => {
    expect(await decodeShareLink('hello')).toEqual({ ok: false, message: 'The share link could not be opened: it is not a Rule Studio share link (it should start with "v1.").' });
  });

  it('refuse a link format from a newer Rule Studio', async () => {
    const link = await linkFor(JSON.stringify(small), 2);
    expect(await decodeShareLink(link)).toEqual({ ok: false, message: 'The share link could not be opened: it was made by a newer Rule Studio (link format v2; this one reads v1).' });
  });

  it('refuse a bundle schema from a newer Rule Studio', async () => {
    const link = await linkFor(JSON.stringify({ ...small, schemaVersion: 3 }));
    expect(await decodeShareLink(link)).toEqual({ ok: false, message: 'The share link could not be opened: This project was made by a newer Rule Studio (schema 3; this one reads up to 2).' });
  });

  it('refuse a link that holds an invalid project, saying where', async () => {
    const bad = { ...small, docs: [{ ...small.docs[0], workflow: { name: 'w', mode: 'm', start_node: 3, nodes: [] } }] };
    const r = await decodeShareLink(await linkFor(JSON.stringify(bad)));
    expect(!r.ok && r.message).toMatch(/docs\[0\]\.workflow\.start_node:/);
  });

  it('refuse a link that is not JSON inside', async () => {
    const r = await decodeShareLink(await linkFor('alert(1)'));
    expect(!r.ok && r.message).toMatch(/not JSON/);
  });

  it('stop inflating a decompression bomb at the cap', async () => {
    const bomb = `{"name":"${' '.repeat(MAX_SHARE_INFLATED_BYTES + 10)}"}`;
    const link = await linkFor(bomb);
    expect(link.length).toBeLessThan(100_000);
    const r = await decodeShareLink(link);
    expect(r).toEqual({ ok: false, message: `The share link could not be opened: it expands to more than 20 MB.` });
  });

  it('refuse a payload over 2 MB without decoding it', async () => {
    const r = await decodeShareLink(`v1.${'A'.repeat(3 * 1024 * 1024)}`);
    expect(!r.ok && r.message).toMatch(/too large \(over 2 MB compressed\)/);
  });
});
