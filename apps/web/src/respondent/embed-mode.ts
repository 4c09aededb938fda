import { embedHeightMessageType, embedQueryKey } from '@graphium/shared/public-link-page';

/**
 * In a frame of the embed script (`?embed=…`, decision 024): the page no longer fills the
 * viewport, and it tells its parent its height whenever that changes, so the frame fits it.
 */
export function startEmbedMode(search: string, root: HTMLElement): boolean {
  if (!new URLSearchParams(search).has(embedQueryKey) || window.parent === window) return false;
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
