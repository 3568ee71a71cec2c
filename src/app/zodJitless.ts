/**
 * The page's Content-Security-Policy forbids `eval`, so zod's compiled parsers cannot be used;
 * telling zod so up front keeps it from probing with `Function('')` (which the browser reports
 * as a policy violation on every load). Imported first by `main.tsx`.
 */
import { config } from 'zod';

config({ jitless: true });
