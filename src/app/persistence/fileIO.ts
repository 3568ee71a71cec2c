/** Files in and out of the page: downloads through a Blob and `<a download>`, the file picker. */

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

let picker: HTMLInputElement | undefined;

const IMPORTABLE = /\.(toml|ya?ml|json|af|rules|jsonl|ndjson)$/i;

/**
 * Opens the file picker (a hidden `<input type=file multiple>`) and hands over the chosen files;
 * with `folder`, a folder picker, handing over the folder's importable files (each keeps its path
 * in the folder, `webkitRelativePath`: a Gemini policy's tier comes from it).
 */
export function pickFiles(onFiles: (files: File[]) => void, folder = false): void {
  picker?.remove();
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  if (folder) input.setAttribute('webkitdirectory', '');
  input.accept = '.toml,.yaml,.yml,.json,.af,.rules,.jsonl,.ndjson,application/json,text/plain';
  input.hidden = true;
  input.setAttribute('aria-hidden', 'true');
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    onFiles(folder ? files.filter((f) => IMPORTABLE.test(f.name)) : files);
    input.remove();
  });
  document.body.append(input);
  picker = input;
  input.click();
}
