/** The curated examples shipped with the app (the gallery), loaded as raw text at build time. */
const files = import.meta.glob('../../examples/*.{toml,yaml,json}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export interface Example {
  /** File name, e.g. `etl-pipeline.toml`. */
  name: string;
  text: string;
}

export const EXAMPLES: readonly Example[] = Object.entries(files)
  .map(([path, text]) => ({ name: path.slice(path.lastIndexOf('/') + 1), text }))
  .sort((a, b) => a.name.localeCompare(b.name));
