// Browser tests (test/core, test/features, test/elements) in Debian's Chromium.
// Each test file is bundled whole by esbuild: serving React 19's CommonJS file by file loses the
// named exports of react-dom/client (TOOLCHAIN.md).
import { build } from 'esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';

const bundleTests = {
  name: 'bundle-tests',
  async serve(context) {
    if (!/\.test\.tsx?$/.test(context.path)) return undefined;
    const result = await build({
      entryPoints: [`.${context.path}`],
      bundle: true,
      format: 'esm',
      write: false,
      jsx: 'automatic',
      sourcemap: 'inline',
      loader: { '.css': 'text' },
      // @sinonjs/fake-timers requires util only under Node (behind a `process` check).
      external: ['util'],
      define: { 'process.env.NODE_ENV': '"development"' },
      logLevel: 'silent',
    });
    return { body: result.outputFiles[0].text, type: 'js' };
  },
};

export default {
  files: ['test/core/**/*.test.ts', 'test/core/**/*.test.tsx', 'test/features/**/*.test.tsx', 'test/elements/**/*.test.tsx', 'test/elements/**/*.test.ts'],
  nodeResolve: false,
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  plugins: [bundleTests],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
      },
    }),
  ],
};
