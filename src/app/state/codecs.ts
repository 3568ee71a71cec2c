/**
 * The rule-text codecs (`docCodecs.ts`), loaded apart from the page: the empty project draws and
 * answers without them, and they arrive while the user reads it. Documents exist only once they
 * are here — whatever makes a document (a restored project, an import, a new agent or workflow, an
 * example) waits for {@link loadCodecs} first — so code that works on documents reads them
 * synchronously with {@link codecs}.
 */
export type Codecs = typeof import('./docCodecs.ts');

let loaded: Codecs | undefined;
let loading: Promise<Codecs> | undefined;

/** Loads the codecs (once; later calls share the first load). */
export function loadCodecs(): Promise<Codecs> {
  loading ??= import('./docCodecs.ts').then(
    (m) => (loaded = m),
    (e: unknown) => {
      loading = undefined; // a failed fetch (offline, a new deploy) is tried again by the next caller
      throw e;
    },
  );
  return loading;
}

/** The codecs, when they have loaded. */
export function codecsIfLoaded(): Codecs | undefined {
  return loaded;
}

/**
 * The loaded codecs. Only for code that runs on documents (which exist only once the codecs have
 * loaded); anything that may run first awaits {@link loadCodecs}.
 */
export function codecs(): Codecs {
  if (!loaded) throw new Error('Rule Studio: the rule codecs are used before they have loaded (await loadCodecs() first).');
  return loaded;
}

/**
 * Runs `fn` now when the codecs have loaded, else once they have (a click in the first moments
 * after the page opens); a failed load is told with `notify`.
 */
export function afterCodecs(fn: () => void, notify: (kind: 'error', message: string) => void): void {
  if (loaded) return fn();
  loadCodecs().then(fn, (e: unknown) => notify('error', `Rule Studio could not load its rule-file readers (${e instanceof Error ? e.message : String(e)}); reload the page.`));
}

/** Installs codecs loaded statically (workers and tests, which have no first load to keep small). */
export function installCodecs(m: Codecs): void {
  loaded = m;
  loading = Promise.resolve(m);
}

/** The load under way, while the codecs have not arrived (documents asked for now come with it); else undefined. */
export function codecsPending(): Promise<unknown> | undefined {
  return loaded ? undefined : loading;
}
