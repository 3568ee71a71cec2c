/** Where a problem in a test file is: its line and, where known, its column. */

/** A problem in a test file: 1-based line (and column, where known) and what is wrong. */
export interface TestFileProblem {
  line: number;
  /** 1-based, where known (a value the schema refuses). */
  column?: number;
  message: string;
}

/** `line L` or `line L:C`: where a problem is, as the test runner and the studio print it. */
export const problemPlace = (p: TestFileProblem): string => `line ${p.line}${p.column !== undefined ? `:${p.column}` : ''}`;
