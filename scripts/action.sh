#!/usr/bin/env bash
# The script of the GitHub Action (action.yml): runs `rule-studio check`, `verify` and `test` on
# the given paths, prints workflow-command annotations (the runner shows them on the pull request)
# and appends a job summary to $GITHUB_STEP_SUMMARY. Exits 1 when a step finds errors.
#
# Environment: RULE_STUDIO (the command, e.g. `node /path/bin/rule-studio.mjs`), INPUT_PATHS
# (space-separated files, folders or quoted globs; default .), INPUT_VERIFY and INPUT_TEST
# (true/false; default true), INPUT_MAX_WARNINGS (optional), GITHUB_STEP_SUMMARY (optional).
set -u
read -r -a rs <<< "${RULE_STUDIO:-rule-studio}"
read -r -a paths <<< "${INPUT_PATHS:-.}"
summary="${GITHUB_STEP_SUMMARY:-/dev/null}"
warn_args=()
[ -n "${INPUT_MAX_WARNINGS:-}" ] && warn_args=(--max-warnings "$INPUT_MAX_WARNINGS")
status=0
rows=()
errfile="$(mktemp)"
outfile="$(mktemp)"
trap 'rm -f "$errfile" "$outfile"' EXIT

# One step: its output goes to the log (annotations); its closing count line (the last line of
# stderr, or of stdout for `test`) is the summary row's details.
step() {
  local name="$1"; shift
  "${rs[@]}" "$@" > "$outfile" 2> "$errfile"
  local code=$?
  cat "$outfile"
  cat "$errfile" >&2
  local last
  last="$(grep -v '^\s*$' "$errfile" | tail -n 1)"
  [ -z "$last" ] && last="$(grep -v '^\s*$' "$outfile" | tail -n 1)"
  last="$(printf '%s' "$last" | tr -d '|`')"
  local verdict="passed"
  if [ "$code" -ne 0 ]; then verdict="failed (exit $code)"; status=1; fi
  rows+=("| $name | $verdict | ${last:-} |")
}

step check check --format github "${warn_args[@]}" "${paths[@]}"
if [ "${INPUT_VERIFY:-true}" = "true" ]; then step verify verify --format github "${warn_args[@]}" "${paths[@]}"; fi
if [ "${INPUT_TEST:-true}" = "true" ]; then
  # Folders are searched for *.test.yaml; a repository without tests skips the step.
  if find "${paths[@]}" -name '*.test.yaml' -print -quit 2> /dev/null | grep -q .; then
    step test test "${paths[@]}"
  else
    rows+=("| test | skipped | no *.test.yaml under the paths |")
  fi
fi

{
  echo "## Rule Studio"
  echo
  echo "| step | result | details |"
  echo "|---|---|---|"
  printf '%s\n' "${rows[@]}"
} >> "$summary"
exit "$status"
