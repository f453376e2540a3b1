export * from './auth.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './users.ts';
