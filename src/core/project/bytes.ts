/**
 * Byte helpers for share links: base64url without padding, CRC-32, and (de)compression through
 * the platform's CompressionStream with a cap on how much may come out.
 */
import { concatBytes } from '../text/concatBytes.ts';

/** Bytes as base64url (RFC 4648 §5), no padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes base64url; returns the index of the first character base64url does not use instead. */
export function fromBase64Url(text: string): Uint8Array | { badAt: number } {
  const bad = text.search(/[^A-Za-z0-9_-]/);
  if (bad >= 0) return { badAt: bad };
  if (text.length % 4 === 1) return { badAt: text.length - 1 };
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (IEEE 802.3), as in zip and gzip. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = (crcTable[(crc ^ b) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * Pushes `input` through a (de)compression stream and collects the output, stopping as soon as
 * it exceeds `maxOut` bytes (a decompression bomb is never inflated in full). Rejects when the
 * stream fails (corrupt data).
 */
export async function transform(stream: CompressionStream | DecompressionStream, input: Uint8Array, maxOut: number): Promise<Uint8Array | 'too-large'> {
  const writer = stream.writable.getWriter();
  // Errors surface on the reading side; these promises must not go unhandled.
  writer.write(input as Uint8Array<ArrayBuffer>).catch(() => undefined);
  writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxOut) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
  return concatBytes(chunks, total);
}
