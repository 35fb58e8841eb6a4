/**
 * Not a test file: a probe that test/core/session.test.ts loads in an iframe to evaluate
 * sessionInfo.ts afresh against whatever sessionStorage holds, and report the restored session.
 * (Its name ends in .test.ts only because web-test-runner.config.mjs bundles just such paths; it
 * lives outside the folders the runner collects tests from.)
 */
import { session } from '../../src/core/session/sessionInfo.ts';

if (window.parent !== window) {
  window.parent.postMessage({ type: 'wps-session-probe', session: session.value ?? null }, '/');
}
