/**
 * Browser storage failures in words a user can act on: what failed, why (never an empty reason:
 * a `DOMException` for a full disk often has no message), and what to do.
 */

const isQuota = (e: unknown) =>
  typeof e === 'object' &&
  e !== null &&
  'name' in e &&
  (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || (e as { code?: unknown }).code === 22);

/** The reason of an error: its message, else its name, else a generic phrase. */
function reasonOf(e: unknown): string {
  if (e instanceof Error || (typeof e === 'object' && e !== null && 'message' in e)) {
    const { name, message } = e as { name?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message.trim().replace(/\.$/, '') : '';
    if (text) return text;
    if (typeof name === 'string' && name && name !== 'Error') return name;
  }
  const text = typeof e === 'string' ? e.trim() : '';
  return text || 'the browser gave no reason';
}

/**
 * `what` (e.g. "Autosave failed") followed by the reason and the remedy:
 * `Autosave failed: the browser's storage for this site is full (QuotaExceededError). …`.
 */
export function describeStorageError(e: unknown, what: string): string {
  if (isQuota(e)) {
    return (
      `${what}: the browser's storage for this site is full (QuotaExceededError). ` +
      'Export a project bundle now to keep your work, then free space: delete projects you no longer need, remove large traces, or clear other sites’ data.'
    );
  }
  return `${what}: ${reasonOf(e)}. Export a project bundle to keep your work safe.`;
}
