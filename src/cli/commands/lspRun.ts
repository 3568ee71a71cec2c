/** `lsp`'s run: serves until the client sends `exit` (see `lsp.ts`). */
import { startServer } from '../lsp/server.ts';

export function runLsp(): Promise<number> {
  startServer();
  // vscode-languageserver ends the process on `exit` (code 0 after shutdown, 1 without).
  return new Promise<number>(() => {});
}
