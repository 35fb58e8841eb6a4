/**
 * What `react` and `react-dom` resolve to in the lite element build (rollup.config.mjs, and the
 * lite run of the browser tests): preact/compat, with one timing made React's. Preact runs effects
 * after the next frame plus a timeout; React runs them right after the commit (a macrotask). Flushing
 * them on a MessageChannel message keeps timers that effects start, focus moves and first requests
 * on React's schedule, also in background tabs where frames are throttled.
 * Plain JavaScript: preact/compat's `export =` types cannot be re-exported from TypeScript.
 */
import { options } from 'preact';

const channel = new MessageChannel();
/** @type {Array<() => void>} */
const waiting = [];
channel.port1.onmessage = () => waiting.splice(0).forEach((flush) => flush());

options.requestAnimationFrame = (flush) => {
  if (waiting.push(flush) === 1) channel.port2.postMessage(0);
};

export * from 'preact/compat';
export { default } from 'preact/compat';
