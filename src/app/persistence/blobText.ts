/** A picked or dropped file's text: UTF-8, or UTF-16 when it starts with its byte-order mark. */
import { decoderFor, encodingOf } from '../../core/text/decodeBytes.ts';

export async function blobText(blob: Blob): Promise<string> {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  return encodingOf(head) === 'utf-8' ? blob.text() : decoderFor(head).decode(await blob.arrayBuffer());
}
