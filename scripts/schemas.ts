/**
 * The JSON Schemas published in the package (`schemas/`), derived from the zod schemas in
 * src/core/schema. `npm run schemas` writes them; test/cli/schemas.test.ts fails when the
 * committed files differ from what the zod schemas give, so they never drift.
 */
import { writeFileSync } from 'node:fs';
import { agentFileJsonSchema } from '../src/core/schema/agentFile.ts';
import { scriptedTraceJsonSchema } from '../src/core/schema/scriptedTrace.ts';
import { testFileJsonSchema } from '../src/core/tests/schema.ts';
import { workflowJsonSchema, type JsonSchema } from '../src/core/schema/workflowFile.ts';

const withHeader = (title: string, schema: JsonSchema): JsonSchema => ({
  $schema: 'http://json-schema.org/draft-07/schema#',
  title,
  ...schema,
});

/** File name → schema document. */
export function publishedSchemas(): Record<string, JsonSchema> {
  return {
    'agent.schema.json': withHeader('Rule Studio: Pattern agent tool rules (TOML)', agentFileJsonSchema()),
    'workflow.schema.json': withHeader('Rule Studio: hegel workflow (YAML)', workflowJsonSchema()),
    'scripted-trace.schema.json': withHeader('Rule Studio: scripted trace (YAML)', scriptedTraceJsonSchema()),
    'test.schema.json': withHeader('Rule Studio: rule-set tests (*.test.yaml)', testFileJsonSchema()),
  };
}

export const schemaText = (schema: JsonSchema): string => `${JSON.stringify(schema, null, 2)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [file, schema] of Object.entries(publishedSchemas())) {
    writeFileSync(`schemas/${file}`, schemaText(schema));
    console.log(`wrote schemas/${file}`);
  }
}
