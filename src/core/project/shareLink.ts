/**
 * Share links: a whole project in the URL fragment, in the envelope of `linkCodec.ts`
 * (`v1.` + base64url(CRC-32 ‖ deflate-raw(JSON))).
 *
 * Reading one is bounded (at most 2 MB compressed, 20 MB inflated, streamed with a cap),
 * validated with zod through {@link decodeBundle}, and never executed.
 */
import { decodeBundle, type DecodeResult, type ProjectBundle } from './bundle.ts';
import { linkPayloadOf, packLink, unpackLink, type LinkFormat } from './linkCodec.ts';
import { SHARE_HASH_KEY } from './bundleVersion.ts';

export { SHARE_HASH_KEY } from './bundleVersion.ts';

/** The link format this Rule Studio writes and reads. */
export const SHARE_LINK_VERSION = 1;
export const MAX_SHARE_COMPRESSED_BYTES = 2 * 1024 * 1024;
export const MAX_SHARE_INFLATED_BYTES = 20 * 1024 * 1024;

const FORMAT: LinkFormat = {
  key: SHARE_HASH_KEY,
  noun: 'share link',
  version: SHARE_LINK_VERSION,
  maxCompressedBytes: MAX_SHARE_COMPRESSED_BYTES,
  maxInflatedBytes: MAX_SHARE_INFLATED_BYTES,
};

export type ShareLinkResult = DecodeResult;

const fail = (message: string): ShareLinkResult => ({ ok: false, message: `The share link could not be opened: ${message}` });

/**
 * The share-link payload for a bundle (`v1.` + base64url). Rejects only when the project is too
 * large to share (over 2 MB compressed) or the platform has no CompressionStream.
 */
export async function encodeShareLink(bundle: ProjectBundle): Promise<string> {
  const link = await packLink(FORMAT, JSON.stringify(bundle));
  if (link === 'too-large') throw new Error(`The project is too large for a share link (over ${MAX_SHARE_COMPRESSED_BYTES / 1048576} MB compressed); export a project bundle instead.`);
  return link;
}

/** The payload of a share link given as a whole URL, a `#share=…` fragment or the bare payload. */
export const sharePayloadOf = (text: string): string => linkPayloadOf(FORMAT, text);

/**
 * Reads a share link (URL, fragment or payload). Never throws: a damaged, altered, oversized or
 * future-version link gives `{ ok: false, message }` that says which.
 */
export async function decodeShareLink(text: string): Promise<ShareLinkResult> {
  const unpacked = await unpackLink(FORMAT, text);
  if (!unpacked.ok) return fail(unpacked.problem);
  let value: unknown;
  try {
    value = JSON.parse(unpacked.text);
  } catch {
    return fail('it is damaged: its data is not JSON text.');
  }
  const r = decodeBundle(value);
  return r.ok ? r : fail(r.message);
}
