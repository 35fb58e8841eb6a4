// What `@web/test-runner-commands` gives a test file under web-test-runner, for the mutation run's
// browser runner (scripts/stryker-browser-runner.mjs aliases the package here): the key presses go
// through the page's exposed `__wpsCommand` to Playwright, as web-test-runner sends them. Only the
// commands our tests use; any other fails loudly rather than passing unseen.
const command = (name) => (payload) => {
  if (typeof globalThis.__wpsCommand !== 'function') throw new Error(`${name}: not in the mutation run's browser runner`);
  return globalThis.__wpsCommand(name, payload);
};

export const sendKeys = command('send-keys');
