/**
 * Decisions whose `message` is built only when read. A failure whose text prints the scope's
 * history (PrerequisitesNotMet lists every tool executed in the scope: tens of kilobytes in a long
 * batch) keeps the data the text is made of; readers of `decision.message` see a plain string,
 * while the decision stream's writer formats the same text straight into its output bytes
 * ({@link unbuiltMessage}).
 */

/** A message kept as the data it is made of; `text()` gives the exact text (the same every call). */
export interface LazyText {
  text(): string;
}

/** Where a decision whose message is still to be built keeps its {@link LazyText} (non-enumerable). */
const BUILD_MESSAGE = Symbol('build message');
type LazyMessage = { [BUILD_MESSAGE]?: LazyText | undefined };

/** Makes `message` a plain data property holding `text` (then drops the parts and what they hold). */
function settleMessage(target: LazyMessage, text: string): string {
  try {
    Object.defineProperty(target, 'message', { value: text, enumerable: true, writable: true, configurable: true });
    target[BUILD_MESSAGE] = undefined;
  } catch {
    // a frozen decision: nothing to keep, build again when read again
  }
  return text;
}

/**
 * One accessor pair shared by every lazy message: a decision holding it keeps V8's shared object
 * shape (a getter closure per decision gave each its own shape, ≈ 20× the cost of the decision).
 */
const LAZY_MESSAGE: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: LazyMessage): string {
    return settleMessage(this, (this[BUILD_MESSAGE] as LazyText).text());
  },
  set(this: LazyMessage, text: string) {
    settleMessage(this, text);
  },
};

/**
 * Makes `d.message` the text of `parts`, built when first read (then kept as a plain value), in
 * the key's place. Reads see a string like any other: JSON, structured clone and spreads call it;
 * the parts sit under a non-enumerable symbol, which none of them copies.
 */
export function defineLazyMessage(d: object, parts: LazyText): void {
  Object.defineProperty(d, BUILD_MESSAGE, { value: parts, writable: true, configurable: true });
  Object.defineProperty(d, 'message', LAZY_MESSAGE);
}

/**
 * The parts of `d`'s message while its text is not built yet (reading this builds nothing), else
 * undefined: then `d.message` is a plain value.
 */
export function unbuiltMessage(d: object): LazyText | undefined {
  return (d as LazyMessage)[BUILD_MESSAGE];
}

/**
 * Copies `from`'s message to `to` still unbuilt when it is (true), so a copy of a decision does not
 * build text nobody may read; false when the message is a plain value (copy it as one).
 */
export function copyLazyMessage(from: object, to: object): boolean {
  const parts = unbuiltMessage(from);
  if (parts === undefined || Object.getOwnPropertyDescriptor(from, 'message')?.get === undefined) return false;
  defineLazyMessage(to, parts);
  return true;
}
