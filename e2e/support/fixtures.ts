import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export const test = base.extend<{ baseURL: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: is the global setup running?');
    await use(url);
  },
});
export { expect };

let sequence = 0;
export function uniqueEmail(name: string): string {
  sequence += 1;
  return `${name}.${Date.now().toString(36)}${sequence}@example.com`;
}

/** Waits for the e-mail the server sent to `to` (the test SMTP server keeps them). */
export async function waitForMail(to: string, match?: (mail: Mail) => boolean): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const response = await fetch(process.env.E2E_MAILBOX_URL!);
    const mails = (await response.json()) as Mail[];
    const found = mails.find((mail) => mail.to.includes(to.toLowerCase()) && (!match || match(mail)));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail to ${to}`);
}

export function linkIn(mail: Mail, pattern: RegExp): string {
  const found = pattern.exec(mail.text);
  if (!found) throw new Error(`no link matching ${pattern} in: ${mail.text}`);
  return found[0];
}

/**
 * Waits for the toasts to close by themselves. The mouse moves to the top of the page first: a toast
 * under the pointer pauses its timer (pauseOnHover), and the last click can leave the pointer on the
 * bottom-left stack. The page is brought to the front too: a toast pauses while its window has lost
 * focus (pauseOnFocusLoss), and a page not in front may not run its animations (the timer is one).
 * A CI run met a toast whose timer had not moved after 15 s.
 * An error toast stays until dismissed, so one showing fails at once with its text.
 */
export async function waitForToastsToClose(page: Page): Promise<void> {
  await test.step('toasts close', async () => {
    await page.bringToFront();
    const width = page.viewportSize()?.width ?? 1280;
    await page.mouse.move(width / 2, 1);
    await expect(page.locator('.Toastify__toast--error')).toHaveCount(0, { timeout: 1 });
    await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });
  });
}

/** axe-core: no serious or critical violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await test.step('axe', async () => {
    // A dialog or toast still fading in has too little contrast for a moment: judge the settled
    // page. A toast's progress bar is its timer (seconds): waiting it out took a third of the
    // browser tests' time, so the timers are paused instead (no toast starts to fade away while
    // axe reads the page) and only the other animations (fades, slides) are waited for.
    await page.waitForFunction(
      () => {
        const timers = window as { axePausedTimers?: Animation[] };
        timers.axePausedTimers ??= [];
        const paused = timers.axePausedTimers;
        return document.getAnimations().every((animation) => {
          if ((animation as CSSAnimation).animationName === 'Toastify__trackProgress') {
            if (animation.playState === 'running') {
              animation.pause();
              paused.push(animation);
            }
            return true;
          }
          return (
            animation.playState !== 'running' ||
            animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY
          );
        });
      },
      undefined,
      { timeout: 10_000 },
    );
    const results = await test.step('axe analyze', () =>
      new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze());
    await page.evaluate(() => {
      const timers = window as { axePausedTimers?: Animation[] };
      for (const animation of timers.axePausedTimers ?? []) animation.play();
      timers.axePausedTimers = [];
    });
    const serious = results.violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(
      serious.map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      ),
    ).toEqual([]);
  });
}

/** The admin of the provider workspace, which owns base survey templates (set up by the global setup). */
export function providerAccount(): { emailAddress: string; password: string } {
  const emailAddress = process.env.E2E_PROVIDER_EMAIL;
  const password = process.env.E2E_PROVIDER_PASSWORD;
  if (!emailAddress || !password)
    throw new Error('The provider account is missing: is the global setup running?');
  return { emailAddress, password };
}
