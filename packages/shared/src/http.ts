/**
 * Cookie and header names shared by the server and the web client (docs/architecture.md,
 * README.md#configuration).
 */
export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';
export const sessionCookieName = 'graphium_session';
/** Readable cookies the client echoes as headers of the same names on every request. */
export const contextCookieNames = ['x-workspace-id', 'x-customer-id', 'x-account-id'] as const;
export const apiTimeoutMs = 10_000;
