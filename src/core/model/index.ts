export * from './toolRules.ts';
export * from './workflow.ts';
export * from './project.ts';
export * from './lettaRules.ts';
