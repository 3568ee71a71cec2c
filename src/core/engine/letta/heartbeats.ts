/**
 * The texts Letta's v3 loop adds to the context when it keeps the loop going after a refusal or a
 * refused end (letta-ai/letta @ 56ba9c25: `letta/agents/letta_agent_v3.py`, `_decide_continuation`
 * and `_handle_ai_response`; the prefix is `NON_USER_MSG_PREFIX` of `letta/constants.py`). Worded
 * as Letta words them, so a replay shows what the model would read.
 */

/** `NON_USER_MSG_PREFIX`. */
const PREFIX = '[This is an automated system message hidden from the user] ';

/** After a call refused by the tool rules (`tool_rule_violated`): the loop continues. */
export const LETTA_RULE_VIOLATION_HEARTBEAT = `${PREFIX}Continuing: tool rule violation.`;

/**
 * A refused end, the required_before_exit tools in `uncalled` not yet called: after an exit_loop
 * call ("user expects these tools"), or when the model stopped calling tools ("ToolRuleViolated").
 */
export function lettaExitBlockedHeartbeat(uncalled: readonly string[], afterCall: boolean): string {
  return afterCall
    ? `${PREFIX}Continuing, user expects these tools: [${uncalled.join(', ')}] to be called still.`
    : `${PREFIX}ToolRuleViolated: You must call ${uncalled.join(', ')} at least once to exit the loop.`;
}
