/** Which files are rule-set tests: `*.test.yaml` / `*.test.yml`, next to the rules they test. */

/** True for a file name (or path) the runner treats as a test file. */
export function isTestFileName(name: string): boolean {
  return /\.test\.ya?ml$/i.test(name);
}
