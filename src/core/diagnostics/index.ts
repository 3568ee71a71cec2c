export * from './types.ts';
export * from './spans.ts';
export * from './make.ts';
