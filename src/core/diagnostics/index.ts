export * from './types.ts';
export * from './spans.ts';
