/** The Policy view's Web Worker: replays the loaded sessions under Claude Code settings (see policyService.ts). */
import { expose } from 'comlink';
import { createPolicyService } from './policyService.ts';

expose(createPolicyService());
