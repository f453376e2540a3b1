export * from './constants.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './health.ts';
