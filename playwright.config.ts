import { defineConfig } from '@playwright/test';

// Debian's Chromium only (never a browser download); the whole stack is started by tests/e2e/global-setup.ts.
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

const DESKTOP = { width: 1280, height: 800 };
const OUTAGE = 'crm-outage-statements.spec.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  // Limits against a hang, not goals: twice what the slowest tests take on a quiet 2-core machine, since
  // `npm test` runs this lane beside two others on the same cores (up to 59 s of a journey spec, 218 s of a
  // keyboard journey, on a machine of 2026-11-30 with the whole suite running). Each test's own limit is set
  // the same way.
  timeout: 120_000,
  // The same for each check's wait (Playwright's own is 5 s): Plaid Link's frame after the OAuth bank's return
  // took longer on that machine.
  expect: { timeout: 10_000 },
  // Two browsers at once: most of a test is waiting on the stack (a save, a workflow's move, a poll), so the
  // second one uses what the first leaves idle. Each test signs up its own applicant.
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  use: { ...chromium, trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'desktop', use: { viewport: DESKTOP }, testIgnore: [OUTAGE] },
    {
      name: 'mobile',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testIgnore: [OUTAGE],
    },
    {
      // The CRM outage at the statements' submission turns the whole CRM stand-in off, so it runs alone, once
      // the others are done. It proves what the server and the journey machine agree on, not a layout, and it
      // waits out two minutes of outage and back-off: once, at desktop size, is enough.
      name: 'crm-outage',
      use: { viewport: DESKTOP },
      testMatch: [OUTAGE],
      dependencies: ['desktop', 'mobile'],
    },
  ],
});
