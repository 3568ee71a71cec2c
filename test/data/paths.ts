/**
 * Where tests find their data: the project's own copies in test/data (see test/data/README.md),
 * so a lone clone runs every test. The shared folder the copies came from is only used to check
 * that the copies are complete (`RULE_STUDIO_SHARED`, default `../shared`).
 */
import { resolve } from 'node:path';

const here = (p: string) => resolve(import.meta.dirname, p);

/** The project's copies of the shared conformance cases (`*.case.json`). */
export const CONFORMANCE_DIR = here('conformance');
/** The project's copies of the shared example rule files. */
export const EXAMPLES_DIR = here('examples');
/** A shared example by file name. */
export const example = (name: string): string => resolve(EXAMPLES_DIR, name);
/** A shared conformance case by name (without `.case.json`). */
export const conformanceCase = (name: string): string => resolve(CONFORMANCE_DIR, `${name}.case.json`);

/** The shared folder the copies came from, when this checkout has one beside it. */
export const SHARED_DIR = resolve(process.env.RULE_STUDIO_SHARED ?? resolve(import.meta.dirname, '../../../shared'));
