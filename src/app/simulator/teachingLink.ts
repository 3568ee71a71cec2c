/**
 * Teaching links: rule files, a trace, settings and a step in the URL fragment (`#teach=v1.…`),
 * compressed like share links (deflate-raw with a CRC-32 of the JSON, base64url) and validated
 * with zod (`decodeTeaching`) on the way in — never executed.
 */
import { decodeTeaching, encodeTeaching, TEACHING_MAX_CHARS, type TeachingPayload, type TeachingPayloadInput } from '../../core/simulator/teaching.ts';
import { crc32, fromBase64Url, toBase64Url, transform } from '../../core/project/bytes.ts';

export const TEACHING_HASH_KEY = 'teach';
export const TEACHING_LINK_VERSION = 1;
/** Compressed payloads larger than this are refused (a URL cannot carry them anyway). */
export const MAX_TEACHING_COMPRESSED_BYTES = 2 * 1024 * 1024;

export type TeachingLinkResult = { ok: true; payload: TeachingPayload } | { ok: false; message: string };

const fail = (message: string): TeachingLinkResult => ({ ok: false, message: `The teaching link could not be opened: ${message}` });

/** The `v1.…` payload for a teaching link (throws with a clear message when it cannot be made). */
export async function encodeTeachingLink(payload: TeachingPayloadInput): Promise<string> {
  const json = encodeTeaching(payload);
  if (!json.ok) throw new Error(json.error);
  const bytes = new TextEncoder().encode(json.value);
  const packed = await transform(new CompressionStream('deflate-raw'), bytes, MAX_TEACHING_COMPRESSED_BYTES);
  if (packed === 'too-large') throw new Error('The example is too large for a teaching link (over 2 MB compressed).');
  const out = new Uint8Array(4 + packed.length);
  new DataView(out.buffer).setUint32(0, crc32(bytes));
  out.set(packed, 4);
  return `v${TEACHING_LINK_VERSION}.${toBase64Url(out)}`;
}

/** The whole URL of a teaching link for the page at `base` (its own fragment replaced). */
export const teachingUrl = (base: string, payload: string): string => `${base.replace(/#.*$/, '')}#${TEACHING_HASH_KEY}=${payload}`;

/** The payload in a URL, a `#teach=…` fragment or the bare payload. */
export function teachingPayloadOf(text: string): string {
  const t = text.trim();
  const at = t.indexOf(`#${TEACHING_HASH_KEY}=`);
  if (at >= 0) return t.slice(at + TEACHING_HASH_KEY.length + 2);
  return t.startsWith(`${TEACHING_HASH_KEY}=`) ? t.slice(TEACHING_HASH_KEY.length + 1) : t;
}

/** Reads a teaching link; never throws — a damaged, altered, oversized or newer link says which. */
export async function decodeTeachingLink(text: string): Promise<TeachingLinkResult> {
  const payload = teachingPayloadOf(text);
  const m = /^v(\d+)\./.exec(payload);
  if (!m) return fail(`it is not a Rule Studio teaching link (it should start with "v${TEACHING_LINK_VERSION}.").`);
  const version = Number(m[1]);
  if (version !== TEACHING_LINK_VERSION)
    return fail(version > TEACHING_LINK_VERSION ? `it was made by a newer Rule Studio (link format v${version}).` : `link format v${version} is not one this Rule Studio reads.`);
  const body = payload.slice(m[0].length);
  if (body.length > Math.ceil((MAX_TEACHING_COMPRESSED_BYTES + 4) / 3) * 4) return fail('it is too large.');
  const bytes = fromBase64Url(body);
  if (!(bytes instanceof Uint8Array)) return fail(`it is damaged: character ${bytes.badAt + 1} of the payload is not base64url.`);
  if (bytes.length < 5) return fail('it is damaged: the payload is too short.');
  let json: Uint8Array | 'too-large';
  try {
    json = await transform(new DecompressionStream('deflate-raw'), bytes.subarray(4), TEACHING_MAX_CHARS * 4);
  } catch {
    return fail('it is damaged or was altered: its data does not decompress.');
  }
  if (json === 'too-large') return fail('it expands to too much data.');
  if (new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0) !== crc32(json)) return fail('it is damaged or was altered: its checksum does not match.');
  let textJson: string;
  try {
    textJson = new TextDecoder('utf-8', { fatal: true }).decode(json);
  } catch {
    return fail('it is damaged: its data is not text.');
  }
  const r = decodeTeaching(textJson);
  return r.ok ? { ok: true, payload: r.value } : fail(r.error);
}
