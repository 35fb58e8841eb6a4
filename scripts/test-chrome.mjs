// The Chromium the tests drive (web-test-runner, the e2e harness, the mutation runner).
// CHROME_PATH wins. Otherwise Debian's headless shell, where .ci/run installs it: the same engine
// without the full browser's own interface processes, about a quarter less CPU per test on the
// 2-core machine (CONTRIBUTING.md, "Where the suite's time goes"). `full` asks for Debian's Chromium
// itself, for what the shell does differently: its Notification.permission is always "denied", so a
// page there never asks for push.
import { existsSync } from 'node:fs';

export const FULL_CHROMIUM = '/usr/bin/chromium';
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export function testChromePath({ full = false } = {}) {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (!full && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return FULL_CHROMIUM;
}
