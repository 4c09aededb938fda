/**
 * Copies text to the clipboard. docs/product-rules.md#logo-and-api-keys: when the Clipboard API is missing or
 * refuses (an
 * insecure origin, a denied permission), falls back to the older way, a selected hidden textarea
 * and `document.execCommand('copy')`. The textarea goes into `container` so a dialog's focus trap
 * keeps the selection. Rejects only when both ways fail.
 */
export async function copyText(text: string, container: HTMLElement = document.body): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('The Clipboard API is not available');
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Fall through to the older method.
  }
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.setAttribute('aria-hidden', 'true');
  textarea.tabIndex = -1;
  Object.assign(textarea.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    opacity: '0',
    pointerEvents: 'none',
  });
  container.appendChild(textarea);
  const previousFocus = document.activeElement;
  try {
    textarea.select();
    textarea.setSelectionRange(0, text.length);
    // execCommand is deprecated but still the only fallback where the Clipboard API is refused.
    const isCopied = document.execCommand('copy');
    if (!isCopied) throw new Error('The browser refused to copy');
  } finally {
    textarea.remove();
    if (previousFocus instanceof HTMLElement) previousFocus.focus();
  }
}
