/**
 * The tools called in the ordering scope, in order, repeats kept — what a PrerequisitesNotMet
 * message prints (`tool-rules.md` §6). Held as tool ids in a growable typed array one byte wide
 * while ids fit (two, then four bytes after), so a scope of millions of calls costs a byte or two
 * per call instead of a string. The message text is built only when a failure needs it, and
 * reused while the history has not grown.
 */

type IdArray = Uint8Array | Uint16Array | Uint32Array;

export class CalledHistory {
  private ids: IdArray = new Uint8Array(64);
  private len = 0;
  private text = '';
  private textLen = 0;

  get length(): number {
    return this.len;
  }

  push(id: number): void {
    let ids = this.ids;
    const limit = ids instanceof Uint8Array ? 0xff : ids instanceof Uint16Array ? 0xffff : 0xffffffff;
    if (this.len === ids.length || id > limit) {
      const wider = id > limit ? (id > 0xffff ? new Uint32Array(ids.length * 2) : new Uint16Array(ids.length * 2)) : undefined;
      const grown = wider ?? new (ids.constructor as new (n: number) => IdArray)(ids.length * 2);
      grown.set(ids.subarray(0, this.len));
      this.ids = ids = grown;
    }
    ids[this.len++] = id;
  }

  clear(): void {
    this.len = 0;
    this.text = '';
    this.textLen = 0;
    if (this.ids.length > 1024) this.ids = new Uint8Array(64);
  }

  at(i: number): number {
    return this.ids[i] as number;
  }

  /** The items formatted by `format` (Rust debug names) and joined with `, `; cached per length. */
  joined(format: (id: number) => string): string {
    if (this.textLen !== this.len) {
      const parts: string[] = new Array<string>(this.len - this.textLen);
      for (let i = this.textLen; i < this.len; i++) parts[i - this.textLen] = format(this.ids[i] as number);
      const tail = parts.join(', ');
      this.text = this.textLen === 0 ? tail : `${this.text}, ${tail}`;
      this.textLen = this.len;
    }
    return this.text;
  }

  /** The ids, copied. */
  toArray(): number[] {
    return Array.from(this.ids.subarray(0, this.len));
  }

  /** A copy of the ids (for checkpoints). */
  save(): IdArray {
    return this.ids.slice(0, this.len);
  }

  restore(ids: IdArray): void {
    const cap = Math.max(64, ids.length);
    const copy = new (ids.constructor as new (n: number) => IdArray)(cap);
    copy.set(ids);
    this.ids = copy;
    this.len = ids.length;
    this.text = '';
    this.textLen = 0;
  }
}
