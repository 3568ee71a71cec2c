/**
 * Monaco 0.52.2 vendors DOMPurify 3.1.7 inside its own files (`vs/base/browser/dompurify/`), in
 * the range of GHSA-v2wj-7wpq-c8vv; npm `overrides` cannot reach a vendored copy. The build
 * resolves Monaco's import of that file to this module instead (see `vite.csp.ts`), which gives
 * Monaco the same named exports from the `dompurify` package pinned in package.json.
 */
import purify from 'dompurify';

export default purify;
export const version = purify.version;
export const isSupported = purify.isSupported;
export const sanitize = purify.sanitize.bind(purify);
export const setConfig = purify.setConfig.bind(purify);
export const clearConfig = purify.clearConfig.bind(purify);
export const isValidAttribute = purify.isValidAttribute.bind(purify);
export const addHook = purify.addHook.bind(purify) as typeof purify.addHook;
export const removeHook = purify.removeHook.bind(purify) as typeof purify.removeHook;
export const removeHooks = purify.removeHooks.bind(purify);
export const removeAllHooks = purify.removeAllHooks.bind(purify);
