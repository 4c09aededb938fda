export * from './account.js';
export * from './errors.js';
export * from './http.js';
export * from './workspace.js';
