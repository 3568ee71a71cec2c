/**
 * Starts loading the presenter's code ahead of opening it (a walk-through runs first, then opens the
 * presenter: its chunk was fetched only once the run had ended). App registers the loader, so this
 * module stays free of the .tsx it loads.
 */
let loader: (() => void) | undefined;

export function setPresenterLoader(load: () => void): void {
  loader = load;
}

export function preloadPresenter(): void {
  loader?.();
}
