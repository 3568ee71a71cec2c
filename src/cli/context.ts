import type { InvalidUtf8 } from '../core/text/decodeBytes.ts';

/** What a command needs from the outside world; tests pass their own. */
export interface CliContext {
  readText(path: string): string;
  /** Reads a rule file's text and where its bytes first break UTF-8, if they do; readText is used when absent. */
  readRuleText?(path: string): { text: string; invalidUtf8?: InvalidUtf8 };
  /** Reads all of stdin as text (`check -`); absent where there is no stdin. */
  readStdin?(): string;
  /** Reads a file as a stream of byte chunks (large traces are streamed); readText is used when absent. */
  readByteChunks?(path: string): AsyncIterable<Uint8Array>;
  out(text: string): void;
  /**
   * Writes UTF-8 bytes of whole lines to stdout as they are (large outputs: the decision stream),
   * before returning (the caller reuses the buffer); when absent they go through {@link out}.
   */
  outBytes?(bytes: Uint8Array): void;
  err(text: string): void;
  /** Writes a text file (`test --update`); absent where the CLI may not write. */
  writeText?(path: string, text: string): void;
  /** The files under a path (itself when it is a file), sorted, skipping dot-folders and node_modules. */
  listFiles?(path: string): string[];
  /** The package version, for `--version` and SARIF (read from package.json by the entry). */
  version?: string;
  /** The package's repository URL (package.json `repository`), for SARIF `helpUri`s into its docs. */
  repositoryUrl?: string;
}

/** Exit codes shared by every command (`traces.md` §5). */
export const EXIT = { ok: 0, errors: 1, unreadable: 2 } as const;
