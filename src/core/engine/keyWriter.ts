/**
 * State keys as 16-bit code units, for the verifier's searches: a writer that numbers the
 * strings it meets, and the one-to-one encoding of numbers the workflow and tool keys share.
 * A key so written goes into a {@link KeyTable} without becoming a string.
 */
import type { KeyTable } from './keyTable.ts';

/**
 * The numbering of the strings keys meet (nodes, labelled texts), one number per distinct string
 * or (kind, text) pair. Pairs are looked up per kind, so no joined string is built per key.
 */
export class KeyLabels {
  private readonly texts = new Map<string, number>();
  private readonly pairs = new Map<string, Map<string, number>>();
  private next = 0;

  /** How many distinct strings and pairs were numbered. */
  get size(): number {
    return this.next;
  }

  /** The number of a string (a new one gets the next number). */
  of(text: string): number {
    let n = this.texts.get(text);
    if (n === undefined) {
      n = this.next++;
      this.texts.set(text, n);
    }
    return n;
  }

  /** The number of a (kind, text) pair, distinct from every string's. */
  ofPair(kind: string, text: string): number {
    let byText = this.pairs.get(kind);
    if (byText === undefined) {
      byText = new Map();
      this.pairs.set(kind, byText);
    }
    let n = byText.get(text);
    if (n === undefined) {
      n = this.next++;
      byText.set(text, n);
    }
    return n;
  }
}

/**
 * The key's code units: small numbers as one unit each, other integers below 2^32 as a marker
 * and two 16-bit units, anything else as another marker, its decimal digits and an end mark, so
 * the encoding stays one-to-one. Strings (nodes, tool outputs, command texts) are numbered by a
 * {@link KeyLabels}. A writer is reused for every key of a search (keys are made one at a time): a
 * key allocates nothing when it goes into a {@link KeyTable}, only its string when asked for one.
 */
export class KeyWriter {
  /** The key's units so far: `units[0 … n)`; the list keeps its room between keys. */
  private readonly units: number[] = [];
  private n = 0;
  private labels = new KeyLabels();

  /** Starts a key numbered by `labels`. */
  begin(labels: KeyLabels): this {
    this.n = 0;
    this.labels = labels;
    return this;
  }

  /** Writes one code unit (below 2¹⁶). */
  unit(u: number): void {
    if (this.n < this.units.length) this.units[this.n] = u;
    else this.units.push(u);
    this.n++;
  }

  /** Writes a number (one-to-one: see the class comment). */
  num(v: number): void {
    if (Number.isInteger(v) && v >= 0) {
      if (v < WIDE) {
        this.unit(v);
        return;
      }
      if (v < 0x1_0000_0000) {
        // Ages and durations in ms: two units, without building their digits.
        this.unit(WIDE);
        this.unit(v >>> 16);
        this.unit(v & 0xffff);
        return;
      }
    }
    this.unit(BIG);
    const digits = String(v);
    for (let i = 0; i < digits.length; i++) this.unit(digits.charCodeAt(i));
    this.unit(END);
  }

  /** The number of a string in the key's labels. */
  label(text: string): number {
    return this.labels.of(text);
  }

  /** The number of a (kind, text) pair in the key's labels. */
  pairLabel(kind: string, text: string): number {
    return this.labels.ofPair(kind, text);
  }

  /** Writes a string as its label's number. */
  text(t: string): void {
    this.num(this.label(t));
  }

  /**
   * A scratch list for {@link counts} (reused: keys are made one at a time). Filled by index and
   * never shortened: setting an array's length to 0 dropped its room, so refilling it allocated.
   */
  readonly scratch: number[] = [];

  /** (label, count) pairs of `labels[0 … len)`, each count capped, in label order: their number, then the pairs. */
  counts(labels: number[], cap: number, len = labels.length): void {
    sortSmall(labels, len);
    let pairs = 0;
    const at = this.n;
    this.unit(0);
    for (let i = 0; i < len; ) {
      let j = i;
      while (j < len && labels[j] === labels[i]) j++;
      this.num(labels[i] as number);
      this.num(Math.min(cap, j - i));
      pairs++;
      i = j;
    }
    this.units[at] = pairs;
  }

  /**
   * Per key length, a list of exactly that length the finished key is copied into: shortening
   * `units` to the key (as `fromCharCode.apply` needs) dropped its room, so the next longer key
   * grew it again, an allocation per key.
   */
  private readonly exact: number[][] = [];

  /** The finished key's id in `table` (no string is made). */
  idIn(table: KeyTable): number {
    return table.idOf(this.units, this.n);
  }

  /** The finished key as a string (one character per unit). */
  done(): string {
    const n = this.n;
    let out = this.exact[n];
    if (out === undefined) this.exact[n] = out = Array.from({ length: n }, () => 0);
    const units = this.units;
    for (let i = 0; i < n; i++) out[i] = units[i] as number;
    return String.fromCharCode.apply(null, out);
  }
}

/** Sorts `a[0 … len)`, a short list of numbers, in place, ascending (insertion sort: no work list, unlike `sort`). */
export function sortSmall(a: number[], len: number): void {
  for (let i = 1; i < len; i++) {
    const v = a[i] as number;
    let j = i - 1;
    while (j >= 0 && (a[j] as number) > v) {
      a[j + 1] = a[j] as number;
      j--;
    }
    a[j + 1] = v;
  }
}

const WIDE = 0xfffd;
const BIG = 0xfffe;
const END = 0xffff;
