/**
 * Diagnostics (`diagnostics.md`): every finding carries a stable code, a severity, a message that
 * says what follows for the agent, the file and a 1-based range, and the model element it is about.
 */
import { z } from 'zod';

export const Severity = z.enum(['error', 'warning', 'info']);
export type Severity = z.infer<typeof Severity>;

/** 1-based line and column. */
export const Position = z.object({ line: z.number().int().min(1), column: z.number().int().min(1) });
export type Position = z.infer<typeof Position>;

export const Range = z.object({ start: Position, end: Position });
export type Range = z.infer<typeof Range>;

/** The model element a diagnostic is about, so the UI can highlight it on the graph. */
export const Target = z.union([
  z.object({
    kind: z.literal('agent'),
    agent: z.string(),
    /** 0-based index in the agent's rule list (file order). */
    rule: z.number().int().optional(),
    /** A tool the finding is about (a graph node). */
    tool: z.string().optional(),
  }),
  z.object({
    kind: z.literal('workflow'),
    workflow: z.string(),
    node: z.string().optional(),
    rule: z.number().int().optional(),
    transition: z.number().int().optional(),
  }),
  z.object({ kind: z.literal('file') }),
]);
export type Target = z.infer<typeof Target>;

/** Replace the text of `range` (1-based, end exclusive, columns in UTF-16 code units) with `text`. */
export const TextEdit = z.object({ range: Range, text: z.string() });
export type TextEdit = z.infer<typeof TextEdit>;

/**
 * A quick fix the UI can offer for a diagnostic: non-overlapping edits of the diagnostic's file,
 * applied together (as a Monaco code action or `applyTextEdits`).
 */
export const QuickFix = z.object({ title: z.string(), edits: z.array(TextEdit).min(1) });
export type QuickFix = z.infer<typeof QuickFix>;

export const Diagnostic = z.object({
  code: z.string(),
  severity: Severity,
  message: z.string(),
  file: z.string(),
  range: Range,
  target: Target,
  /** A quick fix, when the problem has a safe one. */
  fix: QuickFix.optional(),
  /**
   * The reader left this rule or transition out (it is malformed) and read the rest: the real
   * loader refuses the file, but the studio can still draw the rest (graph edits wait for the fix).
   */
  dropped: z.enum(['rule', 'transition']).optional(),
});
export type Diagnostic = z.infer<typeof Diagnostic>;

/** The whole-file range used when nothing more precise is known. */
export const FILE_START: Range = {
  start: { line: 1, column: 1 },
  end: { line: 1, column: 1 },
};
