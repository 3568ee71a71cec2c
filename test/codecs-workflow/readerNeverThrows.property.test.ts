/** Whatever the document holds, reading never throws and always gives a model the schema accepts. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/core/codecs/parse/json.ts';
import { parseYaml } from '../../src/core/codecs/parse/yaml.ts';
import { readWorkflow } from '../../src/core/codecs/read/workflow.ts';
import { Diagnostic } from '../../src/core/diagnostics/types.ts';
import { WORKFLOW_RULE_TYPES, Workflow } from '../../src/core/model/workflow.ts';

const any = fc.jsonValue({ maxDepth: 3 });
const field = fc.oneof(any, fc.integer(), fc.double(), fc.string());
const ruleLike = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...WORKFLOW_RULE_TYPES, 'nope'), any),
    pattern: field,
    path_pattern: field,
    threshold: field,
    window: field,
    window_secs: field,
    max_duration: field,
    max_duration_secs: field,
    max_tokens: field,
    lookback_phases: field,
    extra_key: any,
  },
  { requiredKeys: [] },
);
const seedRule = fc.tuple(fc.constantFrom(...WORKFLOW_RULE_TYPES), fc.oneof(ruleLike, any)).map(([t, v]) => ({ [t]: v }));
const nodeLike = fc.oneof(
  any,
  fc.record(
    {
      summary: field,
      prompt: field,
      prompt_hbs: field,
      transitions: fc.oneof(any, fc.array(fc.oneof(any, fc.record({ when: field, to: field }, { requiredKeys: [] })))),
      rules: fc.oneof(any, fc.array(fc.oneof(any, ruleLike, seedRule), { maxLength: 4 })),
      other: any,
    },
    { requiredKeys: [] },
  ),
);
const workflowLike = fc.record(
  { mode: field, start_node: field, nodes: fc.oneof(any, fc.dictionary(fc.string(), nodeLike, { maxKeys: 5 })), more: any },
  { requiredKeys: [] },
);

function check(text: string, parse: typeof parseJson, file: string): void {
  const doc = parse(text);
  if (doc.value === undefined) return;
  const r = readWorkflow(doc, file);
  expect(r.workflows).toHaveLength(1);
  expect(() => Workflow.parse(r.workflows[0])).not.toThrow();
  for (const d of r.diagnostics) expect(() => Diagnostic.parse(d)).not.toThrow();
}

describe('reading arbitrary documents', () => {
  it('workflow-like JSON gives a valid model and valid diagnostics', () => {
    fc.assert(
      fc.property(workflowLike, (value) => {
        check(JSON.stringify(value, null, 1), parseJson, 'x.json');
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary YAML text never makes the parser or the reader throw', () => {
    const yamlish = fc.array(fc.constantFrom('nodes:', 'start_node: a', '  a:', '    rules:', '      - type: x', '- ', '[', ']', '{', '}', ': ', '&a ', '*a', '"', "'", '|', '\n', '  ', 'threshold: 1.5', '#'), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string(), yamlish), (text) => {
        check(text, parseYaml, 'x.yaml');
      }),
      { numRuns: 500 },
    );
  });
});
