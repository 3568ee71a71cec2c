/**
 * The page's security policy, shared by the built page (a CSP meta tag) and the preview server
 * (headers), and the redirect of Monaco's vendored DOMPurify to the pinned package.
 *
 * Minimal policy for what the app does: scripts and workers only from this origin (Vite emits
 * workers as files; nothing is inlined or evaluated), styles from this origin plus inline styles
 * (Monaco writes its theme and decorations into <style> elements at run time, and React Flow and
 * the app position elements with style attributes; inline CSS cannot run script), images and fonts
 * from this origin or data: URIs (Monaco's codicons and CSS icons), no plugins, no framing, no
 * form posts, and no connections anywhere but this origin.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const DIRECTIVES: [string, string][] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['worker-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
];

/** The policy as a meta tag may carry it (`frame-ancestors` is ignored there). */
export const CSP_META = DIRECTIVES.map(([k, v]) => `${k} ${v}`).join('; ');

/** Headers of the preview server: the policy with frame protection, and no MIME sniffing. */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': `${CSP_META}; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};

/** Adds the CSP meta tag to every built page (not in dev: Vite's dev client injects inline scripts). */
export function cspMetaTag(): Plugin {
  return {
    name: 'rule-studio-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP_META }, injectTo: 'head-prepend' }],
  };
}

const DOMPURIFY_SHIM = fileURLToPath(new URL('./src/app/editor/dompurify.ts', import.meta.url));

/** Resolves Monaco's vendored DOMPurify (`vs/base/browser/dompurify/dompurify.js`) to the pinned package. */
export function pinnedDomPurify(): Plugin {
  return {
    name: 'rule-studio-pinned-dompurify',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer?.includes('monaco-editor') && source.endsWith('/dompurify/dompurify.js')) return DOMPURIFY_SHIM;
      return null;
    },
  };
}
