/** What a command needs from the outside world; tests pass their own. */
export interface CliContext {
  readText(path: string): string;
  /** Reads a file as a stream of text chunks (large traces); falls back to readText when absent. */
  readChunks?(path: string): AsyncIterable<string>;
  out(text: string): void;
  err(text: string): void;
  /** Writes a text file (`test --update`); absent where the CLI may not write. */
  writeText?(path: string, text: string): void;
  /** The files under a path (itself when it is a file), sorted, skipping dot-folders and node_modules. */
  listFiles?(path: string): string[];
  /** The package version, for `--version` and SARIF (read from package.json by the entry). */
  version?: string;
}

/** Exit codes shared by every command (`traces.md` §5). */
export const EXIT = { ok: 0, errors: 1, unreadable: 2 } as const;
