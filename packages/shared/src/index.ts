export * from './account.js';
export * from './errors.js';
export * from './http.js';
export * from './logo.js';
export * from './survey-definition.js';
export * from './survey-settings.js';
export * from './survey-template.js';
export * from './workspace.js';
