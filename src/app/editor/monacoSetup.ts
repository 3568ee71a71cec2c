/**
 * Monaco, bundled locally and never fetched from a CDN. Imported only by the lazily loaded
 * editor module, so none of it is in the first-load bundle. Slim entry points: the editor API
 * with the features rule files use (`monacoFeatures.ts`: find, hover, suggest, folding, quick
 * fixes…), the YAML basic language, our TOML tokenizer and monaco-yaml for schema completion,
 * hover and markers.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';
import './monacoFeatures.ts';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import YamlWorker from 'monaco-yaml/yaml.worker?worker';
import { loader } from '@monaco-editor/react';
import { configureMonacoYaml } from 'monaco-yaml';
import { workflowJsonSchema } from '../../core/schema/workflowFile.ts';
import { scriptedTraceJsonSchema } from '../../core/schema/scriptedTrace.ts';
import { registerQuickFixes } from './quickFixes.ts';
import { TOML_LANGUAGE_ID, tomlConfiguration, tomlLanguage } from './tomlLanguage.ts';
import { darkThemeData, readDarkTokens } from './darkTheme.ts';

export type Monaco = typeof monaco;

/** The schema id monaco-yaml knows the workflow schema by (never fetched: it is given inline). */
export const WORKFLOW_SCHEMA_URI = 'inmemory://rule-studio/hegel-workflow.schema.json';

/**
 * Model paths: YAML workflows live under `/workflows/` so only they get the workflow schema;
 * other documents keep their format's extension (`format` defaults to TOML for agents, YAML for
 * workflows).
 */
export const modelPath = (docId: string, kind: 'agent' | 'workflow', format: 'toml' | 'yaml' | 'json' = kind === 'agent' ? 'toml' : 'yaml'): string =>
  kind === 'workflow' && format === 'yaml' ? `file:///workflows/${docId}.yaml` : `file:///${kind}s/${docId}.${format}`;

/** The Monaco language of a document's text: JSON is shown with the YAML tokenizer (JSON is YAML flow syntax). */
export const languageOf = (format: 'toml' | 'yaml' | 'json'): string => (format === 'toml' ? TOML_LANGUAGE_ID : 'yaml');

/** The schema id of scripted traces (`traces.md` §2), given inline like the workflow schema. */
export const TRACE_SCHEMA_URI = 'inmemory://rule-studio/scripted-trace.schema.json';

/**
 * Model path of a trace: scripted traces live under `/traces/*.yaml` so only they get the
 * scripted-trace schema; recorded logs keep their own extension (no schema).
 */
export const traceModelPath = (traceId: string, scripted: boolean): string =>
  `file:///traces/${traceId}.${scripted ? 'yaml' : 'log'}`;

let configured = false;

/**
 * Monaco's own test for a cancelled request (`isCancellationError` in `vs/base/common/errors`,
 * not in the editor API): an `Error` named and saying `Canceled`.
 */
const isMonacoCancellation = (reason: unknown): boolean => reason instanceof Error && reason.name === 'Canceled' && reason.message === 'Canceled';

/** Configures Monaco once: workers, loader, languages, YAML schema. Idempotent. */
/** The editors' dark theme (see {@link setupMonaco}); the light one is Monaco's `vs`. */
export const DARK_THEME = 'rule-studio-dark';

/** The options every text editor of the studio shares (Source and the trace editor). */
export const EDITOR_OPTIONS = {
  automaticLayout: true,
  minimap: { enabled: false },
  fontSize: 13,
  tabSize: 2,
  scrollBeyondLastLine: false,
  fixedOverflowWidgets: true,
  renderValidationDecorations: 'on',
  quickSuggestions: { other: true, comments: false, strings: true },
} satisfies monaco.editor.IStandaloneEditorConstructionOptions;

export function setupMonaco(): Monaco {
  if (configured) return monaco;
  configured = true;

  self.MonacoEnvironment = {
    getWorker(_workerId: string, label: string): Worker {
      return label === 'yaml' ? new YamlWorker() : new EditorWorker();
    },
  };
  // A request Monaco cancels because its editor or model went away (a panel switched while a
  // suggestion, hover or schema request was in flight) rejects with `Canceled`, and some of
  // Monaco's callers leave that rejection unhandled, so the page reported an "error" for a request
  // that was simply dropped. Only that rejection is silenced; every other one is still reported.
  window.addEventListener('unhandledrejection', (e) => {
    if (isMonacoCancellation(e.reason)) e.preventDefault();
  });
  // @monaco-editor/react would otherwise load Monaco from a CDN.
  loader.config({ monaco });

  // Monaco's own dark theme drew comments and strings under 4.5:1 (axe) on a #1e1e1e the app has
  // nowhere: the studio's dark theme is on the design system's dark tokens (darkTheme.ts).
  monaco.editor.defineTheme(DARK_THEME, darkThemeData(readDarkTokens()));
  monaco.languages.register({ id: TOML_LANGUAGE_ID, extensions: ['.toml'], aliases: ['TOML', 'toml'] });
  monaco.languages.setMonarchTokensProvider(TOML_LANGUAGE_ID, tomlLanguage);
  monaco.languages.setLanguageConfiguration(TOML_LANGUAGE_ID, tomlConfiguration);

  registerQuickFixes(monaco, [TOML_LANGUAGE_ID, 'yaml']);
  configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    validate: true,
    completion: true,
    hover: true,
    schemas: [
      { uri: WORKFLOW_SCHEMA_URI, fileMatch: ['**/workflows/*.yaml'], schema: workflowJsonSchema() },
      { uri: TRACE_SCHEMA_URI, fileMatch: ['**/traces/*.yaml'], schema: scriptedTraceJsonSchema() },
    ],
  });
  return monaco;
}
