// The page loads its rule-text codecs after its first render (src/app/state/codecs.ts); the unit
// tests, which have no first load, install them before any test runs.
import '../src/app/state/codecsEager.ts';
