/**
 * A growable UTF-8 byte buffer that a writer appends strings to and decodes once at the end.
 * Writing a 20,000-rule file as strings kept every line and rope node alive until the end, so
 * each young-generation collection copied them all again (half the writer's time was the GC);
 * bytes in one buffer are a single object, and the temporary strings die young.
 */

const encoder = new TextEncoder();

/** Appends text as UTF-8; {@link TextBuffer.text} gives the whole text back. */
export class TextBuffer {
  private bytes: Uint8Array;
  private length = 0;

  constructor(initialBytes = 1 << 16) {
    this.bytes = new Uint8Array(Math.max(16, initialBytes));
  }

  /** True when nothing has been written. */
  get empty(): boolean {
    return this.length === 0;
  }

  /**
   * Appends `s`. Well-formed text comes back exactly; a lone surrogate (which UTF-8 cannot hold)
   * comes back as U+FFFD, as from any UTF-8 encoder.
   */
  write(s: string): void {
    const n = s.length;
    // At most 3 bytes per UTF-16 code unit.
    if (this.length + 3 * n > this.bytes.length) this.grow(this.length + 3 * n);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) {
        at += encoder.encodeInto(i === 0 ? s : s.slice(i), bytes.subarray(at)).written;
        break;
      }
      bytes[at++] = c;
    }
    this.length = at;
  }

  private grow(needed: number): void {
    let size = this.bytes.length * 2;
    while (size < needed) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }

  /** Everything written, as one string (a leading U+FEFF is kept, not taken for a byte-order mark). */
  text(): string {
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(this.bytes.subarray(0, this.length));
  }
}
