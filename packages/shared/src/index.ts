export * from './account.js';
export * from './errors.js';
export * from './workspace.js';
export * from './http.js';
