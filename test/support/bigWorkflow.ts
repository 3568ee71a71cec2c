/**
 * A big hegel workflow, generated deterministically (the same text for the same size), for the
 * big-file tests and benchmarks: `phases` phases in a chain (`phase_00000` → … → `done`), each
 * with a summary, a prompt, two or three transitions (the next phase, a jump back, every fifth a
 * jump forward) and one to three guard rules, in hegel's YAML with a comment line per phase.
 * 5,000 phases are about 3 MB (the YAML reader refuses more than 5 MB).
 * Self-contained (no imports, no closures): the e2e tests send its source to the page.
 */
export function bigWorkflowYaml(phases: number): string {
  const phase = (i: number) => `phase_${String(i).padStart(5, '0')}`;
  const lines = [`# A generated workflow: ${phases} phases.`, 'mode: execution', `start_node: ${phase(0)}`, 'nodes:'];
  for (let i = 0; i < phases; i++) {
    const next = i + 1 < phases ? phase(i + 1) : 'done';
    lines.push(
      `  # Phase ${i}: step ${i} of the generated chain.`,
      `  ${phase(i)}:`,
      `    summary: Step ${i} of the generated workflow, checked before the next one.`,
      `    prompt: Carry out step ${i}, write its result to notes/step_${i}.md and say step_${i}_complete.`,
      '    transitions:',
      `      - when: step_${i}_complete`,
      `        to: ${next}`,
    );
    if (i > 0) lines.push(`      - when: step_${i}_rejected`, `        to: ${phase(i - 1)}`);
    if (i % 5 === 0 && i + 7 < phases) lines.push(`      - when: step_${i}_skip`, `        to: ${phase(i + 7)}`);
    lines.push('    rules:', '      - type: require_commits', `        lookback_phases: ${1 + (i % 3)}`);
    if (i % 2 === 0) lines.push('      - type: repeated_command', '        pattern: "cargo (build|check|test)"', `        threshold: ${3 + (i % 5)}`, `        window: ${60 + (i % 7) * 30}`);
    if (i % 3 === 0) lines.push('      - type: phase_timeout', `        max_duration: ${300 + (i % 11) * 60}`);
  }
  return lines.join('\n') + '\n';
}
