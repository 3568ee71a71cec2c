/**
 * Project actions: New project, Import, Export (the active document), Export project bundle,
 * Copy share link and Examples. Every one of them keeps the user's work: a new project or an
 * opened bundle leaves the previous project saved in the browser.
 */
import type { Action } from './types.ts';
import { activeDoc } from '../state/store.ts';
import { diagnosticsOf, docFormat, settledText } from '../state/documents.ts';
import { MIME } from './convertActions.ts';
import { bundleOfProject } from '../persistence/projectBundle.ts';
import { downloadText } from '../persistence/fileIO.ts';
import { pickAndImport } from '../persistence/importHandlers.ts';
import { copyShareLink } from '../persistence/share.ts';
import { saveServed, servedStore } from '../persistence/served.ts';
import { exportFileName, projectFileName } from '../persistence/exportNames.ts';
import { codecs, loadCodecs } from '../state/codecs.ts';

export const projectActions: Action[] = [
  {
    id: 'new-project',
    icon: 'file',
    overflow: true,
    label: 'New project',
    keywords: 'create clear',
    toolbar: true,
    hint: 'Start a new empty project (the current one stays saved in this browser)',
    run: ({ store }) => {
      const before = store.getState().project;
      store.getState().newProject();
      if (before.docs.length > 0) store.getState().notify('info', `New project started. “${before.name}” is still saved (Examples → Saved projects).`);
    },
  },
  {
    id: 'import',
    icon: 'import',
    label: 'Import',
    keywords: 'open load file upload',
    toolbar: true,
    shortcuts: ['Mod+O'],
    hint: 'Import TOML, YAML or JSON rule files, Letta agent files (.af), Claude Code settings.json, Codex .rules, Gemini CLI policies, or a project bundle (you can also drop or paste them)',
    run: ({ store }) => pickAndImport(store),
  },
  {
    id: 'import-folder',
    icon: 'import',
    label: 'Import folder',
    keywords: 'open load directory policies gemini codex rules',
    hint: 'Import every rule file of a folder, e.g. a Gemini CLI policies folder (a file under admin/ or project/ takes that tier; user otherwise)',
    run: ({ store }) => pickAndImport(store, true),
  },
  {
    id: 'save-to-files',
    icon: 'check',
    label: 'Save to files',
    keywords: 'write disk serve',
    toolbar: true,
    shortcuts: ['Mod+S'],
    hint: 'Write your edits to the files rule-studio serve opened',
    unavailable: 'Only in a studio opened by rule-studio serve',
    enabled: () => servedStore.getState().active,
    shownWhen: () => servedStore.getState().active,
    run: async ({ store }) => {
      await saveServed(store);
    },
  },
  {
    id: 'export',
    icon: 'export',
    label: 'Export',
    keywords: 'download save file toml yaml',
    toolbar: true,
    shortcuts: ['Mod+S'],
    hint: "Download the active document in the form the real loader reads (Pattern's [[agents]] config, hegel's workflow YAML); Export as written keeps the text as is",
    unavailable: 'Open an agent or a workflow first',
    enabled: ({ store }) => activeDoc(store.getState()) !== undefined,
    run: ({ store }) => {
      const doc = activeDoc(store.getState());
      if (!doc) return;
      const name = exportFileName(doc);
      if (doc.kind === 'agent' && doc.agent.family === 'claude') {
        // Claude Code's own settings file, as written (its formatting kept); the merged scopes: Export merged Claude settings.
        downloadText(name, settledText(doc), MIME.json);
        store.getState().notify('info', `Exported ${name} as written: a Claude Code settings file.`);
        return;
      }
      if (doc.kind === 'agent' && (doc.agent.family === 'codex' || doc.agent.family === 'gemini')) {
        // Codex reads its `.rules` file as Starlark, Gemini its policy TOML as a whole: exported as written.
        const gemini = doc.agent.family === 'gemini';
        downloadText(name, settledText(doc), gemini ? MIME.toml : 'text/plain');
        store.getState().notify('info', `Exported ${name} as written: a ${gemini ? 'Gemini CLI policy' : 'Codex rules'} file.`);
        return;
      }
      if (doc.kind === 'agent' && doc.agent.family === 'letta') {
        // Letta's own file, kept whole: only the edited rules differ from what was imported.
        downloadText(name, settledText(doc), MIME[docFormat(doc)]);
        store.getState().notify('info', `Exported ${name} as a Letta ${name.toLowerCase().endsWith('.af') ? 'agent file' : 'file'}: everything but the edited rules is as imported.`);
        return;
      }
      // Rules Pattern ignores (F011) stay ignored: the file exported does what the graph shows
      // (review16: Export moved them into effect, unsaid). Their quick fix moves them, on request.
      const normalised = diagnosticsOf(doc).textApplies ? codecs().normaliseText(doc.fileName, doc.text, { moveIgnoredRules: false }) : undefined;
      downloadText(name, normalised?.text ?? doc.text, MIME[docFormat(doc)]);
      const kept = normalised?.ignoredRulesKept;
      const ignoredNote = kept ? ` Its ${kept === 1 ? 'rule' : `${kept} rules`} under [[agent.tool_rules]] ${kept === 1 ? 'is' : 'are'} kept there, where Pattern ignores ${kept === 1 ? 'it' : 'them'} (F011: its fix moves them).` : '';
      if (!normalised) store.getState().notify('info', `Exported ${name} as typed; its text does not read cleanly yet (see Problems).`);
      else if (normalised.changed)
        store.getState().notify('info', `Exported ${name} in ${normalised.form}${normalised.how === 'patched' ? ', comments kept' : ''}.${ignoredNote} “Export as written” keeps your text as it is.`);
      else store.getState().notify('info', `Exported ${name} in ${normalised.form}.${ignoredNote}`);
    },
  },
  {
    id: 'export-claude-merged',
    icon: 'export',
    overflow: true,
    label: 'Export merged Claude settings',
    keywords: 'download claude code settings.json permissions merge scopes',
    hint: 'Download one settings.json with the permission rules of every Claude Code settings file of the project, merged as Claude Code merges its scopes',
    unavailable: 'Open a Claude Code settings file first',
    enabled: ({ store }) => store.getState().project.docs.some((d) => d.kind === 'agent' && d.agent.family === 'claude'),
    run: async ({ store }) => {
      const settings = store.getState().project.docs.flatMap((d) => (d.kind === 'agent' && d.agent.family === 'claude' ? (d.agent.claudeSettings ?? []) : []));
      // Through the codecs: merging reads the settings' JSON, which the first load leaves out.
      const merged = (await loadCodecs()).mergedSettingsOf(settings);
      downloadText('settings.json', merged.text, MIME.json);
      store.getState().notify('info', `Exported settings.json: ${merged.rules} permission rules from ${settings.length} settings file${settings.length === 1 ? '' : 's'}, merged.`);
    },
  },
  {
    id: 'export-bundle',
    icon: 'export',
    overflow: true,
    label: 'Export project bundle',
    toolbar: true,
    shortcuts: ['Mod+Shift+S'],
    hint: 'Download the whole project as one JSON file (with schemaVersion), to import elsewhere',
    run: async ({ store }) => {
      const { encodeBundle } = await loadCodecs();
      const p = store.getState().project;
      const r = encodeBundle(bundleOfProject(p));
      if (r.ok) downloadText(projectFileName(p.name), r.text, 'application/json');
      else store.getState().notify('error', r.message);
    },
  },
  {
    id: 'copy-share-link',
    icon: 'link',
    overflow: true,
    label: 'Copy share link',
    toolbar: true,
    hint: 'Copy a link that opens a copy of this project (everything is in the link; nothing is uploaded)',
    run: async ({ store }) => {
      await copyShareLink(store);
    },
  },
  {
    id: 'examples',
    icon: 'examples',
    label: 'Examples',
    keywords: 'gallery open walk-through tutorial saved projects',
    toolbar: true,
    hint: 'Open a copy of an example, or reopen a saved project',
    run: ({ ui }) => ui.getState().openDialog('examples'),
  },
];
