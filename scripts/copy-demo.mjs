// Copies the merchant demo page (demo/: plain files, nothing to build) to dist/demo, which the
// reference server serves at /demo/. The folder is replaced, so a removed file does not linger.
import { cpSync, rmSync } from 'node:fs';

rmSync('dist/demo', { recursive: true, force: true });
cpSync('demo', 'dist/demo', { recursive: true });
console.log('demo page: copied to dist/demo');
