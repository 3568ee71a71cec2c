/**
 * The envelope shared by share links and teaching links: `v<version>.` + base64url(CRC-32 of the
 * text ‖ deflate-raw(text)). deflate-raw has no checksum of its own, so the CRC is what catches an
 * altered link. Reading is bounded (compressed size checked first, inflation streamed with a cap)
 * and never throws: every refusal says what is wrong.
 */
import { crc32, fromBase64Url, toBase64Url, transform } from './bytes.ts';

export interface LinkFormat {
  /** The URL fragment key: `#<key>=v1.…`. */
  key: string;
  /** What the link is called in messages (`share link`, `teaching link`). */
  noun: string;
  version: number;
  maxCompressedBytes: number;
  maxInflatedBytes: number;
}

export type Unpacked = { ok: true; text: string } | { ok: false; problem: string };

const mb = (bytes: number) => `${Math.round((bytes / 1048576) * 10) / 10} MB`;

/** Packs text into a link payload, or gives `too-large` when it is over the compressed limit. */
export async function packLink(format: LinkFormat, text: string): Promise<string | 'too-large'> {
  const bytes = new TextEncoder().encode(text);
  const packed = await transform(new CompressionStream('deflate-raw'), bytes, format.maxCompressedBytes);
  if (packed === 'too-large') return 'too-large';
  const out = new Uint8Array(4 + packed.length);
  new DataView(out.buffer).setUint32(0, crc32(bytes));
  out.set(packed, 4);
  return `v${format.version}.${toBase64Url(out)}`;
}

/** The payload in a whole URL, a `#key=…` fragment, `key=…` or the bare payload. */
export function linkPayloadOf(format: LinkFormat, text: string): string {
  const t = text.trim();
  const at = t.indexOf(`#${format.key}=`);
  if (at >= 0) return t.slice(at + format.key.length + 2);
  return t.startsWith(`${format.key}=`) ? t.slice(format.key.length + 1) : t;
}

/** Unpacks a link (URL, fragment or payload) to its text, or says why it cannot be read. */
export async function unpackLink(format: LinkFormat, link: string): Promise<Unpacked> {
  const bad = (problem: string): Unpacked => ({ ok: false, problem });
  const payload = linkPayloadOf(format, link);
  const m = /^v(\d+)\./.exec(payload);
  if (!m) return bad(`it is not a Rule Studio ${format.noun} (it should start with "v${format.version}.").`);
  const version = Number(m[1]);
  if (version > format.version) return bad(`it was made by a newer Rule Studio (link format v${version}; this one reads v${format.version}).`);
  if (version !== format.version) return bad(`link format v${version} is not one this Rule Studio reads (v${format.version}).`);
  const body = payload.slice(m[0].length);
  if (body.length > Math.ceil((format.maxCompressedBytes + 4) / 3) * 4) return bad(`it is too large (over ${mb(format.maxCompressedBytes)} compressed).`);
  const bytes = fromBase64Url(body);
  if (!(bytes instanceof Uint8Array)) return bad(`it is damaged: character ${bytes.badAt + 1} of the payload is not base64url.`);
  if (bytes.length < 5) return bad('it is damaged: the payload is too short.');

  let inflated: Uint8Array | 'too-large';
  try {
    inflated = await transform(new DecompressionStream('deflate-raw'), bytes.subarray(4), format.maxInflatedBytes);
  } catch {
    return bad('it is damaged or was altered: its data does not decompress.');
  }
  if (inflated === 'too-large') return bad(`it expands to more than ${mb(format.maxInflatedBytes)}.`);
  if (new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0) !== crc32(inflated)) return bad('it is damaged or was altered: its checksum does not match.');
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(inflated) };
  } catch {
    return bad('it is damaged: its data is not text.');
  }
}
