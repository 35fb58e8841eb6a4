/**
 * Field data on the client (src/features/field-data; docs/field-data.md): the sampling decision, the
 * route pattern, errors reduced to their message and our own frames, at most five distinct errors
 * per page view with their counts, a page change starting a new page view, INP and CLS attributed to
 * the route shown when they were measured, the early watch's errors, and the post on hide (route,
 * mode, build, nothing sent twice).
 */
import { expect } from 'chai';
import type { FieldDataBody } from '../../src/contract/fieldData.ts';
import { sampled, watchEarly } from '../../src/features/field-data/early.ts';
import { BUILD, startFieldData, type FieldDataOptions } from '../../src/features/field-data/index.ts';
import { ownFrames, routePattern, scrubMessage } from '../../src/features/field-data/report.ts';

type Report = Parameters<Parameters<NonNullable<FieldDataOptions['vitals']>['LCP']>[0]>[0];

const startPath = location.pathname + location.search;
let stop: (() => void) | undefined;
let restoreVisibility: (() => void) | undefined;
let savedOnError: OnErrorEventHandler = null;

function go(path: string) {
  history.pushState(null, '', path);
  dispatchEvent(new Event('pushState'));
}

/** Throws like an uncaught error, without the test runner's window.onerror seeing it. */
function fail(message: string) {
  dispatchEvent(new ErrorEvent('error', { message }));
}
function reject(reason: unknown) {
  dispatchEvent(new PromiseRejectionEvent('unhandledrejection', { promise: Promise.resolve(), reason }));
}

function hide() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  restoreVisibility = () => delete (document as unknown as { visibilityState?: unknown }).visibilityState;
  document.dispatchEvent(new Event('visibilitychange'));
  restoreVisibility();
}

/** Starts the feature with fake web-vitals registrations: answers the posts and a report function per metric. */
function start(early?: FieldDataOptions['early']) {
  const posts: FieldDataBody[] = [];
  const reporters: Record<string, (m: Report) => void> = {};
  const vitals = Object.fromEntries(
    ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'].map((name) => [name, (r: (m: Report) => void) => void (reporters[name] = r)]),
  ) as FieldDataOptions['vitals'];
  stop = startFieldData({ send: (b) => posts.push(b), vitals, ...(early ? { early } : {}) });
  const report = (name: string, value: number, attribution: Record<string, unknown> = {}, id = `v5-${name}`) =>
    reporters[name]!({ name, value, id, attribution } as unknown as Report);
  return { posts, report };
}

describe('field data', () => {
  beforeEach(() => {
    savedOnError = window.onerror;
    window.onerror = null;
    history.replaceState(null, '', '/m/home');
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    window.onerror = savedOnError;
    history.replaceState(null, '', startPath);
  });

  it('samples a page load at the status rate (10 % when none is given)', () => {
    expect(sampled(1, () => 0.999)).to.equal(true);
    expect(sampled(0, () => 0)).to.equal(false);
    expect(sampled(0.5, () => 0.49)).to.equal(true);
    expect(sampled(0.5, () => 0.5)).to.equal(false);
    expect(sampled(undefined, () => 0.05)).to.equal(true);
    expect(sampled(undefined, () => 0.1)).to.equal(false);
  });

  it('a route is a path pattern: no query, no fragment, ids and tokens as :id', () => {
    expect(routePattern('/m/home')).to.equal('/m/home');
    expect(routePattern('/m/home/?token=abc#x')).to.equal('/m/home');
    expect(routePattern('/m/game/12345')).to.equal('/m/game/:id');
    expect(routePattern('/m/t/0123456789abcdef0123')).to.equal('/m/t/:id');
    expect(routePattern('/m/t/eyJhbGciOiJIUzI1NiJ9xxxxxxxxxxxxxxxxxxx')).to.equal('/m/t/:id');
  });

  it('an error keeps its message (without e-mails, long numbers, queries) and only our own frames, as path:line:column', () => {
    const origin = location.origin;
    const stack = [
      'TypeError: x is undefined',
      `    at f (${origin}/m/assets/main-abc.js:1:2345)`,
      '    at g (https://connect.facebook.net/en_US/fbevents.js:3:4)',
      `    at ${origin}/elements/lite/notice-x.js?v=2:10:20`,
      `h@${origin}/m/assets/LoginPage-x.js:4:5`,
      `    at k (${origin}/test/other.js:1:1)`,
    ].join('\n');
    expect(ownFrames(stack, origin)).to.equal(
      '/m/assets/main-abc.js:1:2345\n/elements/lite/notice-x.js:10:20\n/m/assets/LoginPage-x.js:4:5',
    );
    expect(scrubMessage('No account for a.b@example.com with 0917123456 at /m/x?token=secret')).to.equal(
      'No account for <email> with <n> at /m/x?…',
    );
  });

  it('posts on hide the vitals with their routes, the errors of each page view (five at most, deduplicated, counted), mode and build', () => {
    const { posts, report } = start();
    report('TTFB', 120.4);
    report('FCP', 900.6);
    report('LCP', 1500, { target: 'img.banner' });
    for (let i = 0; i < 3; i++) fail('Same');
    for (let i = 0; i < 6; i++) fail(`Other ${i}`);
    const atLogin = performance.now();
    go('/m/login');
    const onLogin = performance.now();
    fail('On login');
    reject(new TypeError('late'));
    reject({ password: 'secret' });
    report('INP', 320, { interactionTarget: 'button.submit', interactionTime: onLogin });
    report('CLS', 0.123456, { largestShiftTarget: 'div.card', largestShiftTime: atLogin - 1 });
    hide();

    expect(posts).to.have.length(1);
    const body = posts[0]!;
    expect(body).to.include({ build: BUILD, mode: 'browser' });
    expect(body.vitals.map((v) => [v.name, v.value, v.route, v.target])).to.deep.equal([
      ['TTFB', 120, '/m/home', undefined],
      ['FCP', 901, '/m/home', undefined],
      ['LCP', 1500, '/m/home', 'img.banner'],
      ['INP', 320, '/m/login', 'button.submit'],
      ['CLS', 0.1235, '/m/home', 'div.card'],
    ]);
    expect(body.errors.map((e) => [e.route, e.kind, e.message, e.count])).to.deep.equal([
      ['/m/home', 'error', 'Same', 3],
      ['/m/home', 'error', 'Other 0', 1],
      ['/m/home', 'error', 'Other 1', 1],
      ['/m/home', 'error', 'Other 2', 1],
      ['/m/home', 'error', 'Other 3', 1],
      ['/m/login', 'error', 'On login', 1],
      ['/m/login', 'rejection', 'TypeError: late', 1],
      ['/m/login', 'rejection', 'Unhandled rejection (object)', 1],
    ]);
    expect(JSON.stringify(body)).not.to.contain('secret');

    // Hidden again: only what is new (a grown CLS, one more of a known error).
    fail('On login');
    report('CLS', 0.3, { largestShiftTime: onLogin });
    hide();
    expect(posts).to.have.length(2);
    expect(posts[1]!.vitals.map((v) => [v.name, v.value, v.route])).to.deep.equal([['CLS', 0.3, '/m/login']]);
    expect(posts[1]!.errors.map((e) => [e.message, e.count])).to.deep.equal([['On login', 1]]);
    hide();
    expect(posts).to.have.length(2);
  });

  it('errors the early watch kept before the chunk came are reported, on the route they happened on', () => {
    const early = watchEarly();
    fail('Before the chunk');
    go('/m/activity');
    const { posts } = start(early);
    // The early watch has stopped: this one is counted once, by the feature.
    fail('After');
    hide();
    expect(posts[0]!.errors.map((e) => [e.route, e.message, e.count])).to.deep.equal([
      ['/m/home', 'Before the chunk', 1],
      ['/m/activity', 'After', 1],
    ]);
  });
});
