/**
 * The failure messages that print the scope's history (`tool-rules.md` §6: PrerequisitesNotMet's
 * `Executed tools: [...]`, and the `pattern` profile's OrderingViolation): `head`, the tools of a
 * {@link CalledView} as Rust debug strings joined with `, `, then `tail`. Kept as these parts, so a
 * failure costs O(1) whatever the history's length; the text is built only when read, and the
 * decision writer formats the parts straight into its output (`decisionWriter.ts`).
 */
import type { LazyText } from '../lazyMessage.ts';
import { joinView, type CalledView } from './calledHistory.ts';

export class HistoryListMessage implements LazyText {
  /**
   * @param head - the text before the list
   * @param view - the history as it was at the failure
   * @param debugNameOf - a tool id's Rust debug string (the same function for every view of a history)
   * @param tail - the text after the list
   */
  constructor(
    readonly head: string,
    readonly view: CalledView,
    readonly debugNameOf: (id: number) => string,
    readonly tail: string,
  ) {}

  text(): string {
    return this.head + joinView(this.view, this.debugNameOf) + this.tail;
  }
}
