// The database schema, a file per module that owns the tables; drizzle-kit reads this index.
export * from './accounts.js';
export * from './alerts.js';
export * from './api-keys.js';
export * from './audit.js';
export * from './auth.js';
export * from './cases.js';
export * from './delivery.js';
export * from './lists.js';
export * from './logo.js';
export * from './notifications.js';
export * from './public-links.js';
export * from './reminders.js';
export * from './responses.js';
export * from './suppression.js';
export * from './surveys.js';
export * from './templates.js';
export * from './workspaces.js';
