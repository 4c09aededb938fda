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
/**
 * An embedded respondent page (decision 024) takes no cookie: it sends its survey's embed token in
 * this header (`new` before it has one). A cross-site page cannot send a custom header without a
 * CORS preflight, which the server never grants, so the header also stands for the anti-forgery one.
 */
export const embedTokenHeaderName = 'X-Graphium-Embed';
export const embedTokenNone = 'new';
