import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // Two browsers at a time (each flow signs up its own workspace and mails its own addresses, so
  // flows do not see each other): the 43 flows took 7.3 min on this two-core machine against about
  // 20 with one (decision 033). On a machine already loaded by other work, E2E_WORKERS=1 keeps the
  // server and the browser from starving each other.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  // Whole flows of 40-50 s on a quiet two-core machine: room for a loaded one.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
