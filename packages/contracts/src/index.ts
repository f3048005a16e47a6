export * from './api-error.js';
export * from './api-routes.js';
export * from './content.js';
export * from './health.js';
export * from './queues.js';
export * from './remotes.js';
export * from './session.js';
export * from './site-paths.js';
export type * from './remote-modules.js';
