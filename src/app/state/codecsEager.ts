/**
 * Installs the rule-text codecs at once, for code with no first load to keep small: the workers,
 * the unit tests and the benches (imported first, for its effect).
 */
import * as docCodecs from './docCodecs.ts';
import { installCodecs } from './codecs.ts';

installCodecs(docCodecs);
