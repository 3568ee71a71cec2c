/**
 * A real LSP client for the tests: spawns `rule-studio lsp` (the source through tsx, or a given
 * command) and talks JSON-RPC to it over stdio with vscode-jsonrpc's stream reader and writer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver';

export interface LspClient {
  connection: MessageConnection;
  child: ChildProcess;
  /** Resolves with the first diagnostics published for `uri` that satisfy `until`. */
  diagnostics(
    uri: string,
    until: (p: PublishDiagnosticsParams) => boolean,
  ): Promise<PublishDiagnosticsParams>;
  /** shutdown + exit, resolving with the server's exit code. */
  close(): Promise<number | null>;
}

export function startClient(
  command: string,
  args: readonly string[],
  cwd = process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
): LspClient {
  const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  const published: PublishDiagnosticsParams[] = [];
  const waiters: {
    uri: string;
    until: (p: PublishDiagnosticsParams) => boolean;
    resolve: (p: PublishDiagnosticsParams) => void;
  }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    for (const w of [...waiters])
      if (w.uri === p.uri && w.until(p)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
  });
  connection.listen();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    connection,
    child,
    diagnostics: (uri, until) =>
      new Promise((resolve) => {
        const seen = published.find((p) => p.uri === uri && until(p));
        if (seen) resolve(seen);
        else waiters.push({ uri, until, resolve });
      }),
    close: async () => {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}

/** initialize + initialized, as an editor starts a session. */
export async function initialize(
  client: LspClient,
  rootUri: string,
  initializationOptions?: Record<string, unknown>,
): Promise<{ capabilities: Record<string, unknown> }> {
  const result = await client.connection.sendRequest<{ capabilities: Record<string, unknown> }>(
    'initialize',
    {
      processId: process.pid,
      rootUri,
      initializationOptions,
      capabilities: {
        textDocument: {
          publishDiagnostics: {},
          hover: { contentFormat: ['markdown'] },
          codeAction: {},
        },
      },
    },
  );
  await client.connection.sendNotification('initialized', {});
  return result;
}
