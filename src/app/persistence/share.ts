/** Share links in the app: copying one for the open project, and opening one from the page's URL. */
import { SHARE_HASH_KEY } from '../../core/project/bundleVersion.ts';
import type { StudioStore } from '../state/store.ts';
import { loadCodecs } from '../state/codecs.ts';
import { bundleOfProject, modelsFromTexts, projectOfBundle } from './projectBundle.ts';

/** The page address that opens `payload`. */
export function shareUrl(payload: string, loc: Pick<Location, 'origin' | 'pathname'> = location): string {
  return `${loc.origin}${loc.pathname}#${SHARE_HASH_KEY}=${payload}`;
}

/** Builds the open project's share link and copies it; shows it in a notice when the clipboard is unavailable. */
export async function copyShareLink(store: StudioStore): Promise<string | undefined> {
  const { id: _id, ...bundle } = bundleOfProject(store.getState().project);
  let url: string;
  try {
    url = shareUrl(await (await loadCodecs()).encodeShareLink(bundle));
  } catch (e) {
    store.getState().notify('error', e instanceof Error ? e.message : String(e));
    return undefined;
  }
  try {
    await navigator.clipboard.writeText(url);
    store.getState().notify('info', `Share link copied to the clipboard (${url.length.toLocaleString('en')} characters). Anyone who opens it gets a copy of this project.`);
  } catch {
    store.getState().notify('info', `The clipboard is not available here; copy this share link: ${url}`);
  }
  return url;
}

/**
 * Opens the share link in the page's URL (`#share=…`), if any, as a NEW project, and removes it
 * from the address bar. A damaged, altered or future-version link changes nothing but a notice.
 * Returns whether a shared project was opened.
 */
export async function openShareFromUrl(store: StudioStore, win: Window = window): Promise<boolean> {
  const hash = win.location.hash;
  if (!hash.startsWith(`#${SHARE_HASH_KEY}=`)) return false;
  const { decodeShareLink } = await loadCodecs();
  win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}`);
  const r = await decodeShareLink(hash);
  if (!r.ok) {
    store.getState().notify('error', `${r.message} Nothing was changed.`);
    return false;
  }
  // What the link shows is what runs: each model is rebuilt from the document's text.
  const { bundle, notes } = modelsFromTexts(r.bundle);
  store.getState().loadProject(projectOfBundle(bundle, { fresh: true }));
  store.getState().notify('info', `Opened the shared project “${r.bundle.name}” as a new project; your own projects are unchanged.`);
  for (const w of [...r.warnings, ...notes]) store.getState().notify('error', w);
  return true;
}
