/**
 * Share links: a whole project in the URL fragment. The bundle's JSON is compressed with
 * `deflate-raw`, prefixed with a CRC-32 of the JSON (deflate-raw has no checksum of its own, so
 * this is what catches an altered link) and written as base64url after a format prefix: `v1.<payload>`.
 *
 * Reading one is bounded (at most 2 MB compressed, 20 MB inflated, streamed with a cap),
 * validated with zod through {@link decodeBundle}, and never executed.
 */
import { decodeBundle, type DecodeResult, type ProjectBundle } from './bundle.ts';
import { crc32, fromBase64Url, toBase64Url, transform } from './bytes.ts';

/** The link format this Rule Studio writes and reads. */
export const SHARE_LINK_VERSION = 1;
export const MAX_SHARE_COMPRESSED_BYTES = 2 * 1024 * 1024;
export const MAX_SHARE_INFLATED_BYTES = 20 * 1024 * 1024;
/** The URL fragment key: `#share=v1.…`. */
export const SHARE_HASH_KEY = 'share';

export type ShareLinkResult = DecodeResult;

const fail = (message: string): ShareLinkResult => ({ ok: false, message: `The share link could not be opened: ${message}` });

/**
 * The share-link payload for a bundle (`v1.` + base64url). Rejects only when the project is too
 * large to share (over 2 MB compressed) or the platform has no CompressionStream.
 */
export async function encodeShareLink(bundle: ProjectBundle): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(bundle));
  const packed = await transform(new CompressionStream('deflate-raw'), json, MAX_SHARE_COMPRESSED_BYTES);
  if (packed === 'too-large') throw new Error(`The project is too large for a share link (over ${MAX_SHARE_COMPRESSED_BYTES / 1048576} MB compressed); export a project bundle instead.`);
  const out = new Uint8Array(4 + packed.length);
  new DataView(out.buffer).setUint32(0, crc32(json));
  out.set(packed, 4);
  return `v${SHARE_LINK_VERSION}.${toBase64Url(out)}`;
}

/** The payload of a share link given as a whole URL, a `#share=…` fragment or the bare payload. */
export function sharePayloadOf(text: string): string {
  const t = text.trim();
  const at = t.indexOf(`#${SHARE_HASH_KEY}=`);
  if (at >= 0) return t.slice(at + SHARE_HASH_KEY.length + 2);
  return t.startsWith(`${SHARE_HASH_KEY}=`) ? t.slice(SHARE_HASH_KEY.length + 1) : t;
}

/**
 * Reads a share link (URL, fragment or payload). Never throws: a damaged, altered, oversized or
 * future-version link gives `{ ok: false, message }` that says which.
 */
export async function decodeShareLink(text: string): Promise<ShareLinkResult> {
  const payload = sharePayloadOf(text);
  const m = /^v(\d+)\./.exec(payload);
  if (!m) return fail(`it is not a Rule Studio share link (it should start with "v${SHARE_LINK_VERSION}.").`);
  const version = Number(m[1]);
  if (version > SHARE_LINK_VERSION) return fail(`it was made by a newer Rule Studio (link format v${version}; this one reads v${SHARE_LINK_VERSION}).`);
  if (version !== SHARE_LINK_VERSION) return fail(`link format v${version} is not one this Rule Studio reads (v${SHARE_LINK_VERSION}).`);
  const body = payload.slice(m[0].length);
  if (body.length > Math.ceil((MAX_SHARE_COMPRESSED_BYTES + 4) / 3) * 4)
    return fail(`it is too large (over ${MAX_SHARE_COMPRESSED_BYTES / 1048576} MB compressed).`);
  const bytes = fromBase64Url(body);
  if (!(bytes instanceof Uint8Array)) return fail(`it is damaged: character ${bytes.badAt + 1} of the payload is not base64url.`);
  if (bytes.length < 5) return fail('it is damaged: the payload is too short.');

  let json: Uint8Array | 'too-large';
  try {
    json = await transform(new DecompressionStream('deflate-raw'), bytes.subarray(4), MAX_SHARE_INFLATED_BYTES);
  } catch {
    return fail('it is damaged or was altered: its data does not decompress.');
  }
  if (json === 'too-large') return fail(`it expands to more than ${MAX_SHARE_INFLATED_BYTES / 1048576} MB.`);
  if (new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0) !== crc32(json)) return fail('it is damaged or was altered: its checksum does not match.');

  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    return fail('it is damaged: its data is not JSON text.');
  }
  const r = decodeBundle(value);
  return r.ok ? r : fail(r.message);
}
