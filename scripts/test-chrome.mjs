// The Chromium the tests drive. CHROME_PATH wins. Otherwise, for the e2e harness, Debian's headless
// shell where .ci/run installs it: the same engine without the full browser's own interface
// processes, about a quarter less CPU per e2e file on the 2-core machine (CONTRIBUTING.md, "Where
// the suite's time goes"). `full` asks for Debian's Chromium itself, for what the shell does
// differently: its Notification.permission is always "denied", so a page there never asks for push;
// and two of the element loader's browser tests fail there (not looked into yet), so web-test-runner
// and the mutation runner stay on the full browser.
import { existsSync } from 'node:fs';

export const FULL_CHROMIUM = '/usr/bin/chromium';

/** The switches every test browser starts with (web-test-runner, the mutation runner, the e2e harness). */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export function testChromePath({ full = false } = {}) {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (!full && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return FULL_CHROMIUM;
}
