/** A short test file, shown where the project has none (the format: docs/rule-tests.md). */
export const TEST_SAMPLE = `rules: etl-pipeline.toml
tests:
  - name: load waits for transform
    trace:
      steps:
        - call: extract
        - call: load
    expect:
      - { step: 2, decision: blocked, tool: load }`;
