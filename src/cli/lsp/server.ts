/**
 * `rule-studio lsp`: the language server. Wires the connection and the open documents to the
 * core: diagnostics on open and change (debounced), verify's findings later (`verifyLater.ts`),
 * hover, completion, quick fixes, go-to-definition and formatting (`fmt`'s).
 */
import {
  createConnection,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { Profile } from '../../core/engine/settings.ts';
import { analyse, type Analysis } from './analyse.ts';
import { codeActionsFor } from './codeActions.ts';
import { completionsAt } from './completion.ts';
import { lspDiagnostic } from './convert.ts';
import { definitionAt } from './definition.ts';
import { formattingEdits } from './formatting.ts';
import { hoverAt } from './hover.ts';
import { DEFAULT_VERIFY_OPTIONS, VerifyScheduler, type VerifyOptions } from './verifyLater.ts';

export interface ServerOptions {
  /** Quiet time after a change before the document is checked again (ms). */
  checkDebounceMs?: number;
  verify?: VerifyOptions;
}

/** Starts the server on a connection (stdio by default) and returns it. */
export function startServer(
  options: ServerOptions = {},
  connection: Connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout),
): Connection {
  const documents = new TextDocuments(TextDocument);
  const analyses = new Map<string, Analysis>();
  const findings = new Map<string, Diagnostic[]>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const checkDebounceMs = options.checkDebounceMs ?? 200;
  // `check --profile`, from the client's initializationOptions ({"profile": "hegel"}).
  let profile: Profile = 'spec';
  let profileAsked = false;

  const publish = (uri: string) => {
    const a = analyses.get(uri);
    if (!a) return;
    const all = [...a.diagnostics, ...(findings.get(uri) ?? [])];
    void connection.sendDiagnostics({ uri, diagnostics: all.map(lspDiagnostic) });
  };
  const verifier = new VerifyScheduler((uri, found) => {
    findings.set(uri, found);
    publish(uri);
  }, options.verify ?? DEFAULT_VERIFY_OPTIONS);

  const check = (doc: TextDocument) => {
    timers.delete(doc.uri);
    let a: Analysis;
    try {
      a = analyse(doc.uri, doc.getText(), profile);
    } catch (e) {
      connection.console.error(
        `rule-studio: checking ${doc.uri} failed: ${e instanceof Error ? e.message : String(e)}`,
      );
      return;
    }
    analyses.set(doc.uri, a);
    findings.delete(doc.uri);
    publish(doc.uri);
    // As `verify --profile`: without one, each family is explored as its engine decides.
    verifier.schedule(doc.uri, a.loaded, a.diagnostics, profileAsked ? { profile } : {});
  };
  /** The analysis of the document as it is now (a pending check runs first, so requests see the latest text). */
  const current = (uri: string): { doc: TextDocument; a: Analysis } | undefined => {
    const doc = documents.get(uri);
    if (!doc) return undefined;
    if (timers.has(uri)) {
      clearTimeout(timers.get(uri));
      check(doc);
    }
    const a = analyses.get(uri);
    return a && { doc, a };
  };

  connection.onInitialize((params) => {
    const asked = Profile.safeParse(
      (params.initializationOptions as { profile?: unknown } | null | undefined)?.profile,
    );
    if (asked.success) [profile, profileAsked] = [asked.data, true];
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        completionProvider: { triggerCharacters: ['"', "'", ' ', '='] },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        definitionProvider: true,
        documentFormattingProvider: true,
      },
      serverInfo: { name: 'rule-studio' },
    };
  });
  documents.onDidOpen((e) => check(e.document));
  documents.onDidChangeContent((e) => {
    clearTimeout(timers.get(e.document.uri));
    timers.set(
      e.document.uri,
      setTimeout(() => check(e.document), checkDebounceMs),
    );
  });
  documents.onDidClose((e) => {
    clearTimeout(timers.get(e.document.uri));
    timers.delete(e.document.uri);
    verifier.forget(e.document.uri);
    analyses.delete(e.document.uri);
    findings.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
  connection.onHover((p) => {
    const c = current(p.textDocument.uri);
    return c ? hoverAt(c.a.loaded, p.position.line, p.position.character) : null;
  });
  connection.onCompletion((p) => {
    const c = current(p.textDocument.uri);
    if (!c) return [];
    const prefix = c.doc.getText({
      start: { line: p.position.line, character: 0 },
      end: p.position,
    });
    return completionsAt(c.a.loaded, prefix);
  });
  connection.onCodeAction((p) => {
    const c = current(p.textDocument.uri);
    return c ? codeActionsFor(p.textDocument.uri, c.a.diagnostics, p.range) : [];
  });
  connection.onDefinition((p) => {
    const c = current(p.textDocument.uri);
    return c ? definitionAt(c.a.loaded, c.doc, p.position.line, p.position.character) : null;
  });

  connection.onDocumentFormatting((p) => {
    const doc = documents.get(p.textDocument.uri);
    return doc ? formattingEdits(doc) : [];
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
