import { useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { useFocusOnMount } from './use-focus-on-mount';

// The heading takes focus as the view is committed, not in an effect run later: a respondent who
// clicks into the new question's field at once keeps typing there. With a passive effect the focus
// moved to the heading after the click on a loaded machine, and the field kept only the first
// keystroke (CI saw "N" of "Nothing").

function View() {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <div>
      <h1 ref={heading} tabIndex={-1}>
        Question
      </h1>
      <input aria-label="Answer" />
    </div>
  );
}

const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const previousActEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
afterEach(() => {
  reactGlobals.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
  document.body.innerHTML = '';
});

it('moves focus when the view appears, before a quick click in it can be taken away', async () => {
  // Rendered as the browser renders it: the commit in one task, passive effects in a later one.
  reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  let focusedAtCommit: string | undefined;
  const clicked = new Promise<HTMLInputElement>((resolve) => {
    // The first moment the page can react to the new view: right after its DOM is written.
    const observer = new MutationObserver(() => {
      const input = container.querySelector('input');
      if (!input) return;
      observer.disconnect();
      focusedAtCommit = document.activeElement?.tagName;
      input.focus();
      resolve(input);
    });
    observer.observe(container, { childList: true, subtree: true });
  });
  root.render(<View />);
  const input = await clicked;
  // Whatever React still had to run has run.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(focusedAtCommit).toBe('H1');
  expect(document.activeElement).toBe(input);
  root.unmount();
});
