/**
 * `<wps-trial-game>` (elements/trial-game.tsx, src/features/games/GameFrame.tsx, launch.ts), as a page
 * uses it: game-id, node-id and name as attributes and properties; GCS_gameTrialLaunch asked with
 * gameId, nodeId and platform html5 and never the session; the game in a sandboxed frame;
 * `wps-game-load` once it loads; a game page not loaded after GAME_LOAD_TIMEOUT_MS, or a launch call
 * not answered within LAUNCH_TIMEOUT_MS, gives timeout_retry_please with a retry (fake clock) and
 * `wps-game-error`; the hide-header toggle; the cancelable `wps-game-back` (history back, else
 * /m/game); the full-screen button. axe-core in the opening, failed and loaded states.
 *
 * The game is this test server's /package.json (it loads). A game page that "never loads" is one
 * whose load event the test holds back inside the shadow root (a capture listener stops it before
 * the frame's own listener), so the timeout is decided by the fake clock alone.
 */
import { expect } from 'chai';
import '../../elements/trial-game.tsx';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import { clearSession, saveSession } from '../../src/core/session/sessionInfo.ts';
import { setTrackingSink, type TrackPayload } from '../../src/core/tracking/track.ts';
import { GAME_LOAD_TIMEOUT_MS, LAUNCH_TIMEOUT_MS } from '../../src/features/games/launch.ts';
import { sandboxFor } from '../../src/features/games/GameFrame.tsx';
import EN from '../../src/core/i18n/locales/EN.json';
import GAMES_EN from '../../src/features/games/locales/EN.json';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import {
  expectAccessible,
  hang,
  has,
  json,
  mount,
  part,
  recordEvents,
  sleep,
  stubFetch,
  unmountAll,
  waitFor,
  type FetchCall,
  type FetchStub,
} from '../browser-helpers/helpers.ts';
import { fakeProperty } from '../browser-helpers/status.ts';

const TRIAL = '/wps/relay/GCS_gameTrialLaunch';
const EVENTS = ['wps-game-back', 'wps-game-load', 'wps-game-error'];
const gameUrl = () => `${location.origin}/package.json`;

let clock: FakeClock | undefined;
let stub: FetchStub | undefined;
const undo: (() => void)[] = [];
const navigations: string[] = [];
const tracked: [string, TrackPayload][] = [];

/** The trial call answers with `answer` (default: the game's URL); anything else is a 404. */
function backend(
  answer: (call: FetchCall) => Response | Promise<Response> = () => json({ success: true, value: { gameUrl: gameUrl() } }),
) {
  stub = stubFetch((c) => (c.url.pathname === TRIAL ? answer(c) : json({ success: false, errorCode: 'not.found' }, 404)));
  return stub;
}
const trialCalls = () => stub!.to(TRIAL);

function reset() {
  clock?.uninstall();
  clock = undefined;
  unmountAll();
  stub?.restore();
  stub = undefined;
  undo
    .splice(0)
    .reverse()
    .forEach((fn) => fn());
  navigations.length = 0;
  tracked.length = 0;
  setNavigator(undefined);
  setTrackingSink(undefined);
  clearSession();
  notices.value = [];
  sessionStorage.clear();
  localStorage.clear();
  language.value = 'EN';
}
before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(() => {
  reset();
  setTrackingSink((event, payload) => tracked.push([event, payload]));
  setNavigator((path) => navigations.push(path));
});
afterEach(reset);

/** Mounts the element and waits for its frame. */
async function mountTrial(html = '<wps-trial-game game-id="PG_OX" node-id="1" name="Fortune Ox"></wps-trial-game>') {
  const el = mount(html);
  await waitFor(() => expect(has(el, 'frame'), 'the frame shows').to.equal(true));
  return el;
}
const phase = (el: Element) => part(el, 'frame')!.getAttribute('data-phase');
const failedText = (el: Element) => part(el, 'failed')?.querySelector('p')?.textContent ?? null;
const details = (log: ReturnType<typeof recordEvents>) => log.events.map((e) => [e.type, e.detail] as const);

/** Holds back the game frame's load events inside the element (see the header). */
function holdFrameLoads(el: Element) {
  const stop = (e: Event) => {
    if (e.target instanceof HTMLIFrameElement) e.stopImmediatePropagation();
  };
  el.shadowRoot!.addEventListener('load', stop, true);
  const release = () => el.shadowRoot!.removeEventListener('load', stop, true);
  undo.push(release);
  return release;
}

describe('<wps-trial-game>: opening', () => {
  it('the name in the bar, the opening status; the call: gameId, nodeId, html5, no Authorization', async () => {
    saveSession({ token: 'tok-member', merchantCode: 'DEMO01', userName: 'player1', type: 0 });
    backend(hang);
    const el = await mountTrial();
    await waitFor(() => expect(trialCalls()).to.have.length(1));
    expect(part(el, 'title')!.textContent).to.equal('Fortune Ox');
    expect(part(el, 'status')!.textContent).to.equal(GAMES_EN['games.opening']);
    expect(phase(el)).to.equal('opening');
    const sent = trialCalls()[0]!;
    expect(sent.method).to.equal('GET');
    expect(Object.fromEntries(sent.url.searchParams)).to.deep.equal({ gameId: 'PG_OX', nodeId: '1', platform: 'html5' });
    expect(sent.headers.has('Authorization'), 'a free demo never carries the session').to.equal(false);
    await expectAccessible(el);
  });

  it('without a name: "Free demo"; without a node: no nodeId', async () => {
    backend(hang);
    const el = await mountTrial('<wps-trial-game game-id="PG_OX"></wps-trial-game>');
    await waitFor(() => expect(trialCalls()).to.have.length(1));
    expect(part(el, 'title')!.textContent).to.equal(GAMES_EN['games.trial']);
    expect(Object.fromEntries(trialCalls()[0]!.url.searchParams)).to.deep.equal({ gameId: 'PG_OX', platform: 'html5' });
  });

  it('the merchant attribute goes as the Merchant header', async () => {
    backend(hang);
    await mountTrial('<wps-trial-game merchant="DEMO01" game-id="PG_OX"></wps-trial-game>');
    await waitFor(() => expect(trialCalls()).to.have.length(1));
    expect(trialCalls()[0]!.headers.get('Merchant')).to.equal('DEMO01');
  });
});

describe('<wps-trial-game>: the game loads', () => {
  it('a sandboxed frame; wps-game-load { url } once; startTrial once; axe-core', async () => {
    backend();
    const el = await mountTrial();
    const log = recordEvents(document, EVENTS);
    await waitFor(() => expect(log.types()).to.deep.equal(['wps-game-load']));
    const event = log.events[0]!;
    expect(event.detail).to.deep.equal({ url: gameUrl() });
    expect([event.bubbles, event.composed, event.cancelable]).to.deep.equal([true, true, false]);
    expect(phase(el)).to.equal('ready');
    expect(has(el, 'status'), 'no status once loaded').to.equal(false);
    const iframe = part<HTMLIFrameElement>(el, 'iframe')!;
    expect(iframe.getAttribute('src')).to.equal(gameUrl());
    expect(iframe.getAttribute('sandbox')).to.equal(sandboxFor(gameUrl()));
    expect(iframe.getAttribute('sandbox')!.split(' '), 'a game on this origin').to.not.include('allow-same-origin');
    expect(iframe.getAttribute('title')).to.equal('Game: Fortune Ox');
    expect(tracked).to.deep.equal([['startTrial', { gameId: 'PG_OX' }]]);
    await sleep(50);
    expect(log.types(), 'reported once').to.deep.equal(['wps-game-load']);
    log.stop();
    // axe-core asks the frame for its own results and gives up after its ping time (a real 500 ms).
    await expectAccessible(el);
  });

  it('a game on another origin gets its own origin in the sandbox', async () => {
    const foreign = 'https://demo-games.invalid/pg/ox';
    backend(() => json({ success: true, value: { gameUrl: foreign } }));
    const el = await mountTrial();
    await waitFor(() => expect(has(el, 'iframe')).to.equal(true));
    const iframe = part<HTMLIFrameElement>(el, 'iframe')!;
    expect(iframe.getAttribute('src')).to.equal(foreign);
    expect(iframe.getAttribute('sandbox')!.split(' ')).to.include('allow-same-origin');
  });
});

describe('<wps-trial-game>: timeouts and failures', () => {
  it(`a game page not loaded after ${GAME_LOAD_TIMEOUT_MS} ms: timeout_retry_please, a retry, wps-game-error; axe-core`, async () => {
    backend();
    clock = installClock();
    const log = recordEvents(document, EVENTS);
    const el = mount('<wps-trial-game game-id="PG_OX" node-id="1" name="Fortune Ox"></wps-trial-game>');
    await waitFor(() => expect(el.shadowRoot).to.not.equal(null));
    holdFrameLoads(el);
    await waitFor(() => expect(has(el, 'iframe')).to.equal(true));
    expect(phase(el)).to.equal('loading');
    expect(part(el, 'status')!.textContent).to.equal(GAMES_EN['games.loading']);
    await clock.tickAsync(GAME_LOAD_TIMEOUT_MS - 1);
    expect(phase(el), `still loading at ${GAME_LOAD_TIMEOUT_MS - 1} ms`).to.equal('loading');
    expect(log.events).to.have.length(0);
    await clock.tickAsync(1);
    await waitFor(() => expect(failedText(el)).to.equal(EN['timeout_retry_please']));
    expect(part(el, 'retry')!.textContent).to.equal(EN['retry']);
    expect(has(el, 'iframe'), 'the frame is gone').to.equal(false);
    expect(details(log)).to.deep.equal([['wps-game-error', { reason: 'timeout' }]]);
    expect(notices.value, 'the element shows it; no notice').to.deep.equal([]);
    // axe-core runs on real timers.
    clock.uninstall();
    clock = undefined;
    await expectAccessible(el);
  });

  it('retry asks for the URL again; this time the game loads', async () => {
    backend();
    clock = installClock();
    const log = recordEvents(document, EVENTS);
    const el = mount('<wps-trial-game game-id="PG_OX" node-id="1"></wps-trial-game>');
    await waitFor(() => expect(el.shadowRoot).to.not.equal(null));
    const release = holdFrameLoads(el);
    await waitFor(() => expect(has(el, 'iframe')).to.equal(true));
    await clock.tickAsync(GAME_LOAD_TIMEOUT_MS);
    await waitFor(() => expect(has(el, 'retry')).to.equal(true));
    expect(trialCalls()).to.have.length(1);
    release();
    part(el, 'retry')!.click();
    await waitFor(() => expect(trialCalls()).to.have.length(2));
    expect(Object.fromEntries(trialCalls()[1]!.url.searchParams)).to.deep.equal({
      gameId: 'PG_OX',
      nodeId: '1',
      platform: 'html5',
    });
    // wps-game-load comes once the frame shows the game.
    await waitFor(() =>
      expect(details(log)).to.deep.equal([
        ['wps-game-error', { reason: 'timeout' }],
        ['wps-game-load', { url: gameUrl() }],
      ]),
    );
    expect(phase(el)).to.equal('ready');
    await clock.tickAsync(GAME_LOAD_TIMEOUT_MS * 2);
    expect(phase(el), 'a loaded game stays').to.equal('ready');
    expect(log.events).to.have.length(2);
  });

  it(`the launch call unanswered: timeout_retry_please at ${LAUNCH_TIMEOUT_MS} ms, not before`, async () => {
    backend(hang);
    clock = installClock();
    const log = recordEvents(document, EVENTS);
    const el = await mountTrial();
    await waitFor(() => expect(trialCalls()).to.have.length(1));
    await clock.tickAsync(LAUNCH_TIMEOUT_MS - 1);
    expect(phase(el)).to.equal('opening');
    await clock.tickAsync(1);
    await waitFor(() => expect(failedText(el)).to.equal(EN['timeout_retry_please']));
    expect(has(el, 'retry')).to.equal(true);
    expect(details(log)).to.deep.equal([['wps-game-error', { reason: 'timeout' }]]);
  });

  const unsafe: [string, unknown][] = [
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['no URL', undefined],
  ];
  for (const [name, url] of unsafe) {
    it(`a game URL of ${name}: never framed; games.bad_url, no retry, reason bad-url`, async () => {
      backend(() => json({ success: true, value: { gameUrl: url } }));
      const log = recordEvents(document, EVENTS);
      const el = await mountTrial();
      await waitFor(() => expect(failedText(el)).to.equal(GAMES_EN['games.bad_url']));
      expect(has(el, 'iframe')).to.equal(false);
      expect(has(el, 'retry')).to.equal(false);
      expect(has(el, 'failed-back')).to.equal(true);
      expect(details(log)).to.deep.equal([['wps-game-error', { reason: 'bad-url' }]]);
      expect(tracked).to.deep.equal([]);
      await expectAccessible(el);
    });
  }

  it('a refusal: the server’s message, a retry, reason failed, no notice', async () => {
    backend(() => json({ success: false, errorCode: 'trial.closed', message: 'No demo today' }));
    const log = recordEvents(document, EVENTS);
    const el = await mountTrial();
    await waitFor(() => expect(failedText(el)).to.equal('No demo today'));
    expect(has(el, 'retry')).to.equal(true);
    expect(details(log)).to.deep.equal([['wps-game-error', { reason: 'failed' }]]);
    expect(notices.value).to.deep.equal([]);
  });

  const noGame: [string, string][] = [
    ['no game-id', '<wps-trial-game name="Demo"></wps-trial-game>'],
    ['an empty game-id', '<wps-trial-game game-id=""></wps-trial-game>'],
    ['a game-id that is no code', '<wps-trial-game game-id="a b"></wps-trial-game>'],
  ];
  for (const [name, html] of noGame) {
    it(`${name}: games.failed, reason failed, no request`, async () => {
      backend();
      const log = recordEvents(document, EVENTS);
      const el = await mountTrial(html);
      await waitFor(() => expect(failedText(el)).to.equal(GAMES_EN['games.failed']));
      expect(details(log)).to.deep.equal([['wps-game-error', { reason: 'failed' }]]);
      expect(stub!.calls).to.have.length(0);
    });
  }
});

describe('<wps-trial-game>: attributes and properties', () => {
  it('a new game-id asks for the new game (the old call is dropped)', async () => {
    backend(hang);
    const el = await mountTrial();
    await waitFor(() => expect(trialCalls()).to.have.length(1));
    el.setAttribute('game-id', 'JILI_ACE');
    await waitFor(() => expect(trialCalls()).to.have.length(2));
    expect(trialCalls()[0]!.signal!.aborted, 'the first call is aborted').to.equal(true);
    expect(trialCalls()[1]!.url.searchParams.get('gameId')).to.equal('JILI_ACE');
    expect(trialCalls()[1]!.url.searchParams.get('nodeId')).to.equal('1');
  });

  it('a new node-id asks again', async () => {
    backend(hang);
    const el = await mountTrial();
    await waitFor(() => expect(trialCalls()).to.have.length(1));
    el.setAttribute('node-id', '2');
    await waitFor(() => expect(trialCalls()).to.have.length(2));
    expect(trialCalls()[1]!.url.searchParams.get('nodeId')).to.equal('2');
  });

  it('the gameId property', async () => {
    backend(hang);
    const el = await mountTrial();
    await waitFor(() => expect(trialCalls()).to.have.length(1));
    (el as HTMLElement & { gameId: string }).gameId = 'JDB_FISH';
    await waitFor(() => expect(trialCalls()).to.have.length(2));
    expect(trialCalls()[1]!.url.searchParams.get('gameId')).to.equal('JDB_FISH');
  });

  it('a new name shows in the bar without asking again', async () => {
    backend(hang);
    const el = await mountTrial();
    await waitFor(() => expect(trialCalls()).to.have.length(1));
    el.setAttribute('name', 'Golden Dragon');
    await waitFor(() => expect(part(el, 'title')!.textContent).to.equal('Golden Dragon'));
    (el as HTMLElement & { name: string }).name = 'Super Ace';
    await waitFor(() => expect(part(el, 'title')!.textContent).to.equal('Super Ace'));
    await sleep(30);
    expect(trialCalls()).to.have.length(1);
  });

  it('without game-id, then given one: the game opens', async () => {
    backend();
    const el = await mountTrial('<wps-trial-game></wps-trial-game>');
    await waitFor(() => expect(has(el, 'failed')).to.equal(true));
    el.setAttribute('game-id', 'PG_OX');
    await waitFor(() => expect(phase(el)).to.equal('ready'));
    expect(trialCalls()).to.have.length(1);
  });
});

describe('<wps-trial-game>: the bar', () => {
  it('hide hides the bar and shows the handle; the handle brings the bar back', async () => {
    backend(hang);
    const el = await mountTrial();
    expect(part(el, 'hide-bar')!.getAttribute('aria-label')).to.equal(GAMES_EN['games.hide_header']);
    expect(part(el, 'hide-bar')!.getAttribute('aria-expanded')).to.equal('true');
    part(el, 'hide-bar')!.click();
    await waitFor(() => expect(has(el, 'bar')).to.equal(false));
    expect(has(el, 'back')).to.equal(false);
    const handle = part(el, 'show-bar')!;
    // The tapped toggle is gone: focus moved to the one in its place, not to the page's body.
    await waitFor(() => expect(el.shadowRoot!.activeElement).to.equal(handle));
    expect(handle.getAttribute('aria-label')).to.equal(GAMES_EN['games.show_header']);
    expect(handle.getAttribute('aria-expanded')).to.equal('false');
    await expectAccessible(el);
    handle.click();
    await waitFor(() => expect(has(el, 'bar')).to.equal(true));
    expect(has(el, 'show-bar')).to.equal(false);
    await waitFor(() => expect(el.shadowRoot!.activeElement).to.equal(part(el, 'hide-bar')));
    expect(part(el, 'title')!.textContent).to.equal('Fortune Ox');
  });

  it('the full-screen button when the page may go full screen', async () => {
    undo.push(fakeProperty(document, 'fullscreenEnabled', () => true));
    backend(hang);
    const el = await mountTrial();
    expect(part(el, 'fullscreen')!.getAttribute('aria-label')).to.equal(GAMES_EN['games.fullscreen']);
    expect(part(el, 'fullscreen')!.getAttribute('aria-pressed')).to.equal('false');
  });

  it('no full-screen button when it may not', async () => {
    undo.push(fakeProperty(document, 'fullscreenEnabled', () => false));
    backend(hang);
    const el = await mountTrial();
    expect(has(el, 'hide-bar')).to.equal(true);
    expect(has(el, 'fullscreen')).to.equal(false);
  });

  it('the full-screen button follows the frame in and out of full screen (inside the shadow root)', async () => {
    undo.push(fakeProperty(document, 'fullscreenEnabled', () => true));
    backend(hang);
    const el = await mountTrial();
    await waitFor(() => expect(trialCalls(), 'the effects ran').to.have.length(1));
    const box = part(el, 'frame')!;
    let inFullscreen = false;
    // As Chromium reports it: the document sees the host (retargeted), the shadow root the frame.
    undo.push(fakeProperty(document, 'fullscreenElement', () => (inFullscreen ? el : null)));
    undo.push(fakeProperty(el.shadowRoot!, 'fullscreenElement', () => (inFullscreen ? box : null)));
    inFullscreen = true;
    document.dispatchEvent(new Event('fullscreenchange'));
    await waitFor(() => expect(part(el, 'fullscreen')!.getAttribute('aria-pressed')).to.equal('true'));
    expect(part(el, 'fullscreen')!.getAttribute('aria-label')).to.equal(GAMES_EN['games.exit_fullscreen']);
    inFullscreen = false;
    document.dispatchEvent(new Event('fullscreenchange'));
    await waitFor(() => expect(part(el, 'fullscreen')!.getAttribute('aria-pressed')).to.equal('false'));
  });
});

describe('<wps-trial-game>: back', () => {
  function fakeHistory(length: number) {
    let backs = 0;
    undo.push(fakeProperty(history, 'length', () => length));
    undo.push(fakeProperty(history, 'back', () => () => backs++));
    return () => backs;
  }

  it('wps-game-back is cancelable; not cancelled, with a page to go back to: history back', async () => {
    const backs = fakeHistory(3);
    backend(hang);
    const el = await mountTrial();
    const log = recordEvents(document, EVENTS);
    part(el, 'back')!.click();
    expect(log.types()).to.deep.equal(['wps-game-back']);
    const event = log.events[0]!;
    expect([event.bubbles, event.composed, event.cancelable]).to.deep.equal([true, true, true]);
    expect(backs()).to.equal(1);
    expect(navigations).to.deep.equal([]);
  });

  it('not cancelled, the first page of the tab: /m/game', async () => {
    const backs = fakeHistory(1);
    backend(hang);
    const el = await mountTrial();
    part(el, 'back')!.click();
    expect(navigations).to.deep.equal(['/m/game']);
    expect(backs()).to.equal(0);
  });

  it('cancelled: the page stays where it is', async () => {
    const backs = fakeHistory(3);
    backend(hang);
    const el = await mountTrial();
    const cancel = (e: Event) => e.preventDefault();
    document.addEventListener('wps-game-back', cancel);
    undo.push(() => document.removeEventListener('wps-game-back', cancel));
    part(el, 'back')!.click();
    expect(backs()).to.equal(0);
    expect(navigations).to.deep.equal([]);
  });

  it('the back button of a failed game does the same', async () => {
    const backs = fakeHistory(2);
    backend(() => json({ success: true, value: { gameUrl: 'javascript:alert(1)' } }));
    const el = await mountTrial();
    await waitFor(() => expect(has(el, 'failed-back')).to.equal(true));
    const log = recordEvents(el, ['wps-game-back']);
    part(el, 'failed-back')!.click();
    expect(log.types()).to.deep.equal(['wps-game-back']);
    expect(backs()).to.equal(1);
  });
});

describe('<wps-trial-game>: the real game (issue 32: a member was told "Log in to play for real")', () => {
  const withVendor = '<wps-trial-game game-id="PG_OX" name="Fortune Ox" vendor="PG"></wps-trial-game>';
  const REAL = '/m/launchGame?vendor=PG&lottoView=lobby&backUrl=%2Fm%2Fgame&title=Fortune%20Ox';

  it('a member: "Play for real" in the bar, 44 px tall at least; it opens the vendor lobby through /m/launchGame', async () => {
    saveSession({ token: 'tok-member', merchantCode: 'DEMO01', userName: 'player1', type: 0 });
    backend(hang);
    const el = await mountTrial(withVendor);
    const action = part(el, 'action') as HTMLButtonElement;
    expect(action.textContent).to.equal(GAMES_EN['games.play_real']);
    expect(GAMES_EN['games.play_real']).to.equal('Play for real');
    const box = action.getBoundingClientRect();
    expect(box.height, 'tap height').to.be.at.least(44);
    expect(box.width, 'tap width').to.be.at.least(44);
    const log = recordEvents(document, ['wps-game-play']);
    action.click();
    expect(log.events.map((e) => [e.type, e.detail, e.cancelable])).to.deep.equal([['wps-game-play', { vendor: 'PG' }, true]]);
    expect(navigations).to.deep.equal([REAL]);
    await expectAccessible(el);
  });

  it('a visitor: "Log in to play for real" (the launch page asks for the login first)', async () => {
    backend(hang);
    const el = await mountTrial(withVendor);
    expect(part(el, 'action')!.textContent).to.equal('Log in to play for real');
    part(el, 'action')!.click();
    expect(navigations).to.deep.equal([REAL]);
  });

  it('the label follows the session: signing in turns it into "Play for real"', async () => {
    backend(hang);
    const el = await mountTrial(withVendor);
    saveSession({ token: 'tok-member', merchantCode: 'DEMO01', userName: 'player1', type: 0 });
    await waitFor(() => expect(part(el, 'action')!.textContent).to.equal('Play for real'));
  });

  it('wps-game-play cancelled: the page stays', async () => {
    backend(hang);
    const el = await mountTrial(withVendor);
    const cancel = (e: Event) => e.preventDefault();
    document.addEventListener('wps-game-play', cancel);
    undo.push(() => document.removeEventListener('wps-game-play', cancel));
    part(el, 'action')!.click();
    expect(navigations).to.deep.equal([]);
  });

  it('without a vendor: no such action', async () => {
    backend(hang);
    const el = await mountTrial();
    expect(has(el, 'action')).to.equal(false);
  });
});
