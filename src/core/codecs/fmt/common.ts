/** What the formatters of `rule-studio fmt` share. */

/** The column a one-line array or object may reach before it is written one element a line (prettier's and taplo's 80). */
export const FMT_WIDTH = 80;

/** A text a formatter cannot read, at an offset into it (-1: the end). */
export class FmtError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}
