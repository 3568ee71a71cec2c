/** Files in and out of the page: downloads through a Blob and `<a download>`, the file picker, reading dropped files. */
import { refuseBySize, readImport, type ImportReading } from './importReading.ts';
import { blobText } from './blobText.ts';

/** Starts a download of `text` as `fileName`. */
export function downloadText(fileName: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mime};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reads a picked or dropped file; one over the size limit is refused without being read. */
export async function readFileImport(file: File): Promise<ImportReading> {
  const tooLarge = refuseBySize(file.name, file.size);
  if (tooLarge) return tooLarge;
  try {
    return readImport(file.name, await blobText(file));
  } catch (e) {
    return { kind: 'refused', message: `${file.name} could not be read (${e instanceof Error ? e.message : String(e)}). Nothing was changed.` };
  }
}

let picker: HTMLInputElement | undefined;

/** Opens the file picker (a hidden `<input type=file multiple>`) and hands over the chosen files. */
export function pickFiles(onFiles: (files: File[]) => void): void {
  picker?.remove();
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.accept = '.toml,.yaml,.yml,.json,.af,.jsonl,.ndjson,application/json,text/plain';
  input.hidden = true;
  input.setAttribute('aria-hidden', 'true');
  input.addEventListener('change', () => {
    onFiles([...(input.files ?? [])]);
    input.remove();
  });
  document.body.append(input);
  picker = input;
  input.click();
}
