import { embedTokenNone } from '@graphium/shared/http';
import { embedHeightMessageType, embedQueryKey } from '@graphium/shared/public-link-page';

/**
 * In a frame of the embed script (`?embed=…`, decision 024): the page no longer fills the
 * viewport, and it tells its parent its height whenever that changes, so the frame fits it.
 * Its calls take the embed transport: no cookie, the survey's token in a header instead.
 */
export function startEmbedMode(search: string, root: HTMLElement): boolean {
  if (!new URLSearchParams(search).has(embedQueryKey) || window.parent === window) return false;
  setEmbedTransport(true);
  document.documentElement.dataset.embed = 'true';
  let last = -1;
  const report = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    // Only a height crosses: any site listed for the link may read it.
    window.parent.postMessage({ type: embedHeightMessageType, height }, '*');
  };
  new ResizeObserver(report).observe(root);
  report();
  return true;
}

// The embed transport. Inside another site's frame the browser withholds the page's SameSite=Lax
// cookies (anti-forgery, the link's browser cookie), so the embedded page sends none: the link
// start gives it a token naming its survey, kept in the frame's localStorage per link (browsers
// partition a third-party frame's storage by the embedding site; memory alone when storage is
// blocked) and sent in the `X-Graphium-Embed` header with every call.

let embedded = false;
const tokensBySurvey = new Map<string, string>();
const tokensByLink = new Map<string, string>();
const storageKey = (slug: string) => `graphium:embed:${slug}`;

/** Whether the page's calls take the embed transport (tests switch it). */
export function setEmbedTransport(on: boolean): void {
  embedded = on;
  if (!on) {
    tokensBySurvey.clear();
    tokensByLink.clear();
  }
}

function frameStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // Third-party storage blocked: the token lives as long as the frame.
  }
}

/** The header value of a call on `surveyId`: undefined outside an embed (cookies apply). */
export function embedTokenOf(surveyId: string): string | undefined {
  return embedded ? (tokensBySurvey.get(surveyId) ?? embedTokenNone) : undefined;
}

/** The header value of a link's start: its kept token (to continue, or be told it answered). */
export function embedTokenOfLink(slug: string): string | undefined {
  if (!embedded) return undefined;
  let stored: string | null | undefined;
  try {
    stored = frameStorage()?.getItem(storageKey(slug));
  } catch {
    stored = undefined;
  }
  return tokensByLink.get(slug) ?? stored ?? embedTokenNone;
}

/** Keeps the token a link's start gave for its survey. */
export function keepEmbedToken(slug: string, surveyId: string, token: string): void {
  tokensBySurvey.set(surveyId, token);
  tokensByLink.set(slug, token);
  try {
    frameStorage()?.setItem(storageKey(slug), token);
  } catch {
    // Storage full or blocked: memory keeps it for this visit.
  }
}
