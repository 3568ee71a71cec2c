/**
 * Renders a message whose names are marked with backticks (the core's convention: "Call `load`
 * at most once") as text with those names in `<code>`, so no literal backtick ever reaches the
 * screen. An unmatched backtick is dropped rather than shown.
 */
import type { ReactNode } from 'react';
import { splitCodeSpans } from './codeSpans.ts';
import './ui.css';

export function CodeText({ text }: { text: string }): ReactNode {
  const parts = splitCodeSpans(text);
  return parts.map((p, i) => (p.code ? <code key={i} className="code-inline">{p.text}</code> : p.text));
}
