/** Cookie and header names shared by the server and the web client (part 1 §7, ARCHITECTURE.md §6). */
export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';
export const sessionCookieName = 'graphium_session';
/** Readable cookies the client echoes as headers of the same names on every request. */
export const contextCookieNames = ['x-workspace-id', 'x-customer-id', 'x-account-id'] as const;
export const apiTimeoutMs = 10_000;
