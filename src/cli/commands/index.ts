/**
 * Every command of the CLI, in the order the overview lists them. Add a command by writing its
 * {@link CommandDef} in its own file and listing it here (see `src/cli/registry.ts`).
 */
import type { CommandDef } from '../registry.ts';
import { checkCommand } from './check.ts';
import { convertCommand } from './convert.ts';
import { describeCommand } from './describe.ts';
import { fmtCommand } from './fmt.ts';
import { followCommand } from './follow.ts';
import { learnCommand } from './learn.ts';
import { lspCommand } from './lsp.ts';
import { minimiseCommand } from './minimise.ts';
import { mergeCommand } from './merge.ts';
import { reportCommand } from './report.ts';
import { serveCommand } from './serve.ts';
import { simulateCommand } from './simulate.ts';
import { testCommand } from './test.ts';
import { translateCommand } from './translate.ts';
import { verifyCommand } from './verify.ts';

export const COMMANDS: readonly CommandDef[] = [checkCommand, convertCommand, describeCommand, simulateCommand, minimiseCommand, testCommand, verifyCommand, fmtCommand, serveCommand, followCommand, reportCommand, mergeCommand, learnCommand, translateCommand, lspCommand];
