export * from './analytics.ts';
export * from './constants.ts';
export * from './feature-history.ts';
export * from './graphs.ts';
export * from './ops.ts';
export * from './reports.ts';
export * from './rules.ts';
export * from './schemas.ts';
