/**
 * The lead-in of a walk-through or a teaching link: one paragraph the presenter shows before the
 * first step, saying what the class will see (a scripted trace's own narration, its top comments,
 * follows it). Saved with the trace it introduces (project bundles) and carried by teaching links.
 * A module of its own so project bundles can check it without the rest of the teaching payload.
 */
import { z } from 'zod';
import { lazySchema } from '../model/lazySchema.ts';

/** A lead-in longer than this is refused: it is one paragraph on a slide, not a document. */
export const TEACHING_NOTE_MAX_CHARS = 2_000;

/** A lead-in: trimmed, not empty, at most {@link TEACHING_NOTE_MAX_CHARS} characters. */
export const TeachingNote = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, { message: 'an empty note' })
    .max(TEACHING_NOTE_MAX_CHARS, { message: `a note longer than ${TEACHING_NOTE_MAX_CHARS.toLocaleString('en-US')} characters` }),
);
