export * from './errors.ts';
export * from './limits.ts';
export * from './live-events.ts';
export * from './messages.ts';
export * from './poll.ts';
export * from './routes.ts';
export * from './summary.ts';
export * from './vote.ts';
