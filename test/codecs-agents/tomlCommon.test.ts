/**
 * The common-form TOML reader (`parse/tomlCommon.ts`) must be exact: it reads a text the way
 * smol-toml does, or gives up (undefined) and leaves the text to smol-toml. It must never accept
 * a text smol-toml rejects. The hand-written cases below mirror toml-lang/toml-test (commit
 * d168c2a, `tests/valid` and `tests/invalid`, named beside each); the property test checks the
 * rule on random documents and random damage to them.
 */
import fc from 'fast-check';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { readCommonToml } from '../../src/core/codecs/parse/tomlCommon.ts';
import { parseToml } from '../../src/core/codecs/parse/toml.ts';

/** smol-toml's value as plain data (its tables have a null prototype), or 'error'. */
function smol(text: string): unknown {
  const plain = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(plain);
    if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
    return v;
  };
  try {
    return plain(parse(text));
  } catch {
    return 'error';
  }
}

/** Checks the reader's one rule on `text`: same value as smol-toml, or gives up. */
function agrees(text: string): 'read' | 'gave up' {
  const fast = readCommonToml(text);
  if (fast === undefined) return 'gave up';
  const reference = smol(text);
  expect(reference).not.toBe('error');
  expect(fast).toStrictEqual(reference);
  expect(Object.getPrototypeOf(fast)).toBe(Object.prototype);
  return 'read';
}

/** Checks that the reader gives up on `text` and that parseToml (smol-toml) then gives `outcome`. */
function givesUpTo(text: string, outcome: 'a value' | 'an error'): void {
  expect(readCommonToml(text)).toBeUndefined();
  const doc = parseToml(text);
  expect(doc.errors).toHaveLength(outcome === 'a value' ? 0 : 1);
  expect(doc.value === undefined).toBe(outcome === 'an error');
  expect(smol(text) === 'error').toBe(outcome === 'an error');
}

describe('readCommonToml reads the common form as smol-toml does', () => {
  it.each([
    ['the form export writes', '[[agents]]\nname = "a"\ntools = ["x", "y"]\n\n[[agents.tool_rules]]\ntool_name = "x"\nrule_type = { type = "MaxCalls", value = 3 }\nconditions = ["y"]\npriority = 0\n'],
    ['comments, blank lines, CRLF, indentation', '# head\r\n\r\n  [[tool_rules]]  # rule\r\n\ttool_name = "x" # tail\r\n'],
    ['an agent file with a table beside it', 'name = "n"\n[agent]\n[[agent.tool_rules]]\ntool_name = "q"\n'],
    ['multi-line arrays with comments and a trailing comma (valid/array/array)', 'a = [\n  1, # one\n  -2,\n  +3,\n]\nb = []\nc = [[1], ["x"], [], {}]\n'],
    ['escapes (valid/string/escapes)', 'a = "\\b\\t\\n\\f\\r\\"\\\\ \\u00e9 \\U0001F600"\nb = \'C:\\path\'\nc = ""\n'],
    ['quoted keys (valid/key/quoted-dots)', '"a.b" = 1\n\'c d\' = 2\n["e.f".g]\nh = 3\n'],
    ['an implicit table defined later (valid/table/without-super)', '[x.y.z]\na = 1\n[x]\nb = 2\n'],
    ['sub-tables of an array of tables (valid/array/table-array-nest)', '[[a]]\n[a.b]\nc = 1\n[[a]]\n[a.b]\nc = 2\n'],
    ['bare keys that look like numbers and words', '1234 = true\ntrue = false\n-_- = 0\n'],
    ['non-ASCII text and emoji', 'name = "Ünïcode 👩‍💻"\n# comment 🎉\n'],
    ['an empty document', ''],
    ['no final newline', 'a = 1'],
  ])('%s', (_name, text) => {
    expect(agrees(text)).toBe('read');
  });

  it('reads the same value through parseToml with no errors', () => {
    const doc = parseToml('[[agents]]\nname = "a"\n[[agents.tool_rules]]\ntool_name = "x"\nrule_type = { type = "ExitLoop" }\n');
    expect(doc.errors).toEqual([]);
    expect(doc.value).toEqual({ agents: [{ name: 'a', tool_rules: [{ tool_name: 'x', rule_type: { type: 'ExitLoop' } }] }] });
    expect(doc.locate(['agents', 0, 'tool_rules', 0, 'tool_name'])?.start).toEqual({ line: 4, column: 1 });
  });
});

describe('readCommonToml gives up on what it does not read, and smol-toml reads it', () => {
  it.each([
    ['floats', 'a = 1.5\n'],
    ['exponents', 'a = 1e3\n'],
    ['inf and nan', 'a = inf\n'],
    ['hex integers', 'a = 0xff\n'],
    ['underscored integers', 'a = 1_000\n'],
    ['16-digit integers', 'a = 1234567890123456\n'],
    ['signed zero', 'a = -0\n'],
    ['dates', 'a = 1979-05-27\n'],
    ['times', 'a = 07:32:00\n'],
    ['multi-line basic strings', 'a = """x\ny"""\n'],
    ['multi-line literal strings', "a = '''x'''\n"],
    ['dotted keys', 'a.b = 1\n'],
    ['dotted keys in inline tables', 'a = { b.c = 1 }\n'],
    ['a __proto__ key', '__proto__ = 1\n'],
    ['a quoted __proto__ table', '["__proto__"]\na = 1\n'],
    ['a byte-order mark', '\uFEFFa = 1\n'],
    ['multi-line arrays inside inline tables', 'a = { b = [\n1] }\n'],
    // TOML 1.0 rejects these (invalid/inline-table/trailing-comma, linebreak-1); smol-toml reads them as TOML 1.1 does.
    ['a trailing comma in an inline table', 'a = { b = 1, }\n'],
    ['a newline in an inline table', 'a = { b = 1,\nc = 2 }\n'],
  ])('%s', (_name, text) => givesUpTo(text, 'a value'));
});

describe('readCommonToml never accepts invalid TOML', () => {
  it.each([
    ['a key defined twice (invalid/table/duplicate-key-*)', 'a = 1\na = 2\n'],
    ['a table defined twice (invalid/table/duplicate)', '[a]\n[a]\n'],
    ['a table over a value (invalid/table/overwrite-with-deep-table)', 'a = 1\n[a.b]\n'],
    ['a header over an inline table (invalid/inline-table/overwrite-01)', 'a = {}\n[a.b]\n'],
    ['a table array over a static array (invalid/array/extend-defined-aot)', 'a = [{}]\n[[a]]\n'],
    ['a table array over a table (invalid/table/array-implicit)', '[a.b]\n[[a]]\n'],
    ['a table over a table array (invalid/table/redefine-03)', '[[a]]\n[a]\n'],
    ['a key over a sub-table', '[a.b]\n[a]\nb = 1\n'],
    ['two keys on a line (invalid/key/two-equals)', 'a = 1 b = 2\n'],
    ['a key and no value (invalid/key/without-value-1)', 'a =\n'],
    ['a value and no key (invalid/key/empty)', '= 1\n'],
    ['a leading zero (invalid/integer/leading-zero-1)', 'a = 01\n'],
    ['a lone sign (invalid/integer/us-after-bin)', 'a = +\n'],
    ['a duplicate key in an inline table (invalid/inline-table/duplicate-key-1)', 'a = { b = 1, b = 2 }\n'],
    ['an empty array member (invalid/array/double-comma-1)', 'a = [1,,2]\n'],
    ['an unclosed array (invalid/array/no-close-1)', 'a = [1\n'],
    ['an unclosed string (invalid/string/no-close)', 'a = "x\n'],
    ['a bad escape (invalid/string/bad-escape-1)', 'a = "\\x"\n'],
    ['a surrogate escape (invalid/string/bad-uni-esc-6)', 'a = "\\uD800"\n'],
    ['a too-large escape (invalid/string/bad-uni-esc-7)', 'a = "\\U00110000"\n'],
    ['a control character in a string (invalid/control/string-bs)', 'a = "\u0008"\n'],
    ['DEL in a comment (invalid/control/comment-del)', '# \u007f\n'],
    ['a lone carriage return (invalid/control/bare-cr)', 'a = 1\rb = 2\n'],
    ['a header with text after it (invalid/table/text-after-table)', '[a] b = 1\n'],
    ['an unclosed table array header (invalid/table/array-missing-bracket)', '[[a]\n'],
    ['a split table array header (invalid/table/llbrace)', '[ [a]]\n'],
    ['an empty header (invalid/table/empty)', '[]\n'],
    ['a word that only starts like true (invalid/bool/almost-true)', 'a = truee\n'],
  ])('%s', (_name, text) => givesUpTo(text, 'an error'));

  it('gives up on nesting deeper than the limit', () => {
    expect(readCommonToml(`a = ${'['.repeat(70)}${']'.repeat(70)}\n`)).toBeUndefined();
    expect(agrees(`a = ${'['.repeat(20)}${']'.repeat(20)}\n`)).toBe('read');
  });
});

/** Lines of a random document: headers over a few names, key/value lines with values in and out of the form. */
const key = fc.constantFrom('a', 'b', 'c', 'ab', 'ac', '"a"', "'b c'", '1', 'tool_name', '__proto__', 'a.b', 'true');
const scalar = fc.constantFrom('1', '-2', '+3', '0', '01', '1.5', 'true', 'false', '"x"', '"é\\n\\u0041"', "'lit'", '""', '1979-05-27', 'inf', '"""m"""', '[]', '{}');
const value: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`),
    fc.array(fc.tuple(key, tie('v')), { maxLength: 3 }).map((kv) => `{ ${kv.map(([k, v]) => `${k} = ${v}`).join(', ')} }`),
  ),
})).v;
const header = fc.tuple(fc.boolean(), fc.array(key, { minLength: 1, maxLength: 3 })).map(([arr, ks]) => (arr ? `[[${ks.join('.')}]]` : `[${ks.join('.')}]`));
const line = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k} = ${v}`) },
  { weight: 2, arbitrary: header },
  { weight: 1, arbitrary: fc.constantFrom('', '# c', '  ', '\t# tab') },
);
const document = fc.array(line, { maxLength: 12 }).map((ls) => ls.join('\n'));
/** Damage: a character that matters to TOML inserted, or one removed or replaced. */
const damage = fc.tuple(fc.nat(), fc.constantFrom('[', ']', '{', '}', '"', "'", ',', '=', '.', '#', '\n', '\r', '\t', ' ', '\\', '\u0000', '\u007f', '\uD800', 'x', '0', ''), fc.boolean());

describe('readCommonToml on random documents', () => {
  it('reads each exactly as smol-toml does, or gives up', () => {
    fc.assert(
      fc.property(document, fc.array(damage, { maxLength: 3 }), (doc, cuts) => {
        let text = doc;
        for (const [at, ch, replace] of cuts) {
          const i = text.length === 0 ? 0 : at % text.length;
          text = text.slice(0, i) + ch + text.slice(replace ? i + 1 : i);
        }
        agrees(text);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads most undamaged documents of the common form itself', () => {
    const common = fc.array(
      fc.oneof(
        fc.tuple(fc.constantFrom('a', 'b', 'tool_name', '"q r"'), fc.constantFrom('1', '"x"', 'true', '[1, 2]', '{ type = "MaxCalls", value = 3 }')).map(([k, v]) => `${k} = ${v}`),
        fc.constantFrom('[[agents]]', '[[agents.tool_rules]]', '[agents.tool_specs.x]', '# note', ''),
      ),
      { maxLength: 12 },
    );
    let read = 0;
    fc.assert(
      fc.property(common, (ls) => {
        if (agrees(ls.join('\n')) === 'read') read++;
      }),
      { numRuns: 300 },
    );
    // Duplicate keys and redefined tables make some invalid; most are read by the fast reader.
    expect(read).toBeGreaterThan(100);
  });
});
