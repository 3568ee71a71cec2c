/**
 * Recognising a Gemini CLI session log by its head, with nothing else loaded: the studio's import
 * uses it to say what a dropped file is before the Gemini readers load.
 */

/** True when the text reads as a Gemini CLI session log (its first record has `sessionId` and `projectHash`). */
export function isGeminiSession(text: string): boolean {
  const head = text.slice(0, 4096).trimStart();
  if (!head.startsWith('{')) return false;
  const firstLine = head.split('\n', 1)[0] ?? '';
  try {
    const v: unknown = JSON.parse(firstLine);
    return typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>).sessionId === 'string' && typeof (v as Record<string, unknown>).projectHash === 'string';
  } catch {
    // A one-document (legacy `.json`) log, pretty-printed: its first keys say so.
    return /^\{\s*"sessionId"\s*:\s*"[^"]*"\s*,\s*"projectHash"\s*:/.test(head);
  }
}
