/**
 * Teaching links: rule files, a trace, settings and a step in the URL fragment (`#teach=v1.…`),
 * in the same envelope as share links (`linkCodec.ts`: deflate-raw with a CRC-32, base64url) and validated
 * with zod (`decodeTeaching`) on the way in — never executed.
 */
import { decodeTeaching, encodeTeaching, TEACHING_MAX_CHARS, type TeachingPayload, type TeachingPayloadInput } from '../../core/simulator/teaching.ts';
import { linkPayloadOf, packLink, unpackLink, type LinkFormat } from '../../core/project/linkCodec.ts';

export const TEACHING_HASH_KEY = 'teach';
export const TEACHING_LINK_VERSION = 1;
/** Compressed payloads larger than this are refused (a URL cannot carry them anyway). */
export const MAX_TEACHING_COMPRESSED_BYTES = 2 * 1024 * 1024;

const FORMAT: LinkFormat = {
  key: TEACHING_HASH_KEY,
  noun: 'teaching link',
  version: TEACHING_LINK_VERSION,
  maxCompressedBytes: MAX_TEACHING_COMPRESSED_BYTES,
  maxInflatedBytes: TEACHING_MAX_CHARS * 4,
};

export type TeachingLinkResult = { ok: true; payload: TeachingPayload } | { ok: false; message: string };

const fail = (message: string): TeachingLinkResult => ({ ok: false, message: `The teaching link could not be opened: ${message}` });

/** The `v1.…` payload for a teaching link (throws with a clear message when it cannot be made). */
export async function encodeTeachingLink(payload: TeachingPayloadInput): Promise<string> {
  const json = encodeTeaching(payload);
  if (!json.ok) throw new Error(json.error);
  const link = await packLink(FORMAT, json.value);
  if (link === 'too-large') throw new Error('The example is too large for a teaching link (over 2 MB compressed).');
  return link;
}

/** The whole URL of a teaching link for the page at `base` (its own fragment replaced). */
export const teachingUrl = (base: string, payload: string): string => `${base.replace(/#.*$/, '')}#${TEACHING_HASH_KEY}=${payload}`;

/** The payload in a URL, a `#teach=…` fragment or the bare payload. */
export const teachingPayloadOf = (text: string): string => linkPayloadOf(FORMAT, text);

/** Reads a teaching link; never throws — a damaged, altered, oversized or newer link says which. */
export async function decodeTeachingLink(text: string): Promise<TeachingLinkResult> {
  const unpacked = await unpackLink(FORMAT, text);
  if (!unpacked.ok) return fail(unpacked.problem);
  const r = decodeTeaching(unpacked.text);
  return r.ok ? { ok: true, payload: r.value } : fail(r.error);
}
