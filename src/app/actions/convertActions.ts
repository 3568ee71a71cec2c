/**
 * Normalising, explicitly (issue 9.2): convert the active document to the form Pattern's or
 * hegel's loader accepts (shown as a diff to accept or reject), and export the text as written.
 */
import type { Action } from './types.ts';
import { activeDoc } from '../state/store.ts';
import { docFormat, settledText } from '../state/documents.ts';
import { downloadText } from '../persistence/fileIO.ts';
import { exportFileName } from '../persistence/exportNames.ts';
import { proposeConversion } from '../convert/proposal.ts';

export const MIME = { toml: 'application/toml', yaml: 'application/yaml', json: 'application/json' } as const;

export const convertActions: Action[] = [
  {
    id: 'convert-pattern',
    label: "Convert to Pattern's form",
    hint: "Rewrite the agent's legacy spellings ([agent], bare rule types, design-era names) into what Pattern's loader accepts; shown as a diff first",
    unavailable: 'Open a Pattern agent first',
    enabled: ({ store }) => activeDoc(store.getState())?.kind === 'agent',
    run: ({ store }) => proposeConversion(store, 'agent'),
  },
  {
    id: 'convert-hegel',
    label: "Convert to hegel's form",
    hint: "Rewrite the workflow's seed spellings into what hegel's loader accepts; shown as a diff first",
    unavailable: 'Open a workflow first',
    enabled: ({ store }) => activeDoc(store.getState())?.kind === 'workflow',
    run: ({ store }) => proposeConversion(store, 'workflow'),
  },
  {
    id: 'export-as-written',
    label: 'Export as written',
    hint: 'Download the active document exactly as its text is, legacy spellings included',
    unavailable: 'Open an agent or a workflow first',
    enabled: ({ store }) => activeDoc(store.getState()) !== undefined,
    run: ({ store }) => {
      const doc = activeDoc(store.getState());
      if (doc) downloadText(exportFileName(doc), settledText(doc), MIME[docFormat(doc)]);
    },
  },
];
