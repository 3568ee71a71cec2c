export * from './usage.ts';
export * from './ruleOrder.ts';
export * from './gating.ts';
export * from './lettaPrompts.ts';
export * from './ruleNames.ts';
export * from './meaning.ts';
export * from './patternMeaning.ts';
