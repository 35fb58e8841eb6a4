/** One overlay at a time (src/core/overlay/queue.ts): priority, order among equals, no pre-emption. */
import { expect } from 'chai';
import {
  activeOverlay,
  holdOverlays,
  overlayAnswered,
  overlayShown,
  OVERLAY_PRIORITY,
  releaseOverlay,
  renewOverlay,
  requestOverlay,
  resetOverlays,
} from '../../src/core/overlay/queue.ts';
import { blockOverlays, pauseOverlays } from '../../src/core/overlay/attention.ts';
import { newOverlayVisit } from '../../src/core/overlay/visit.ts';
import { watchFormsInUse } from '../../src/core/overlay/forms.ts';
import { clearSession, session } from '../../src/core/session/sessionInfo.ts';

const reset = () => {
  sessionStorage.clear();
  resetOverlays();
};

describe('overlay queue', () => {
  beforeEach(reset);

  it('the first request gets the turn at once; others wait', () => {
    requestOverlay('image', OVERLAY_PRIORITY.imagePopup);
    requestOverlay('install', OVERLAY_PRIORITY.install);
    expect(activeOverlay.value).to.equal('image');
  });

  it('an overlay on screen is never pushed away; then the lowest priority number goes next', () => {
    // Opened by the page: more than a visit's budget of what opens by itself.
    const opened = { auto: false };
    requestOverlay('push', OVERLAY_PRIORITY.pushPrompt, opened);
    requestOverlay('announcement', OVERLAY_PRIORITY.announcement, opened);
    requestOverlay('image', OVERLAY_PRIORITY.imagePopup, opened);
    requestOverlay('inapp', OVERLAY_PRIORITY.inAppGuide, opened);
    expect(activeOverlay.value).to.equal('push');
    releaseOverlay('push');
    expect(activeOverlay.value).to.equal('inapp');
    releaseOverlay('inapp');
    expect(activeOverlay.value).to.equal('image');
    releaseOverlay('image');
    expect(activeOverlay.value).to.equal('announcement');
    releaseOverlay('announcement');
    expect(activeOverlay.value).to.equal(undefined);
  });

  it('equal priorities go in the order asked; asking twice keeps the place', () => {
    requestOverlay('a', 30, { auto: false });
    requestOverlay('b', 30, { auto: false });
    requestOverlay('c', 30, { auto: false });
    requestOverlay('b', 30, { auto: false });
    releaseOverlay('a');
    expect(activeOverlay.value).to.equal('b');
    releaseOverlay('b');
    expect(activeOverlay.value).to.equal('c');
  });

  it('a waiting overlay that stops waiting is skipped; the release function releases', () => {
    requestOverlay('a', 20);
    requestOverlay('b', 20);
    const releaseC = requestOverlay('c', 20);
    releaseOverlay('b');
    requestOverlay('a', 20);
    expect(activeOverlay.value, 'asking again while shown changes nothing').to.equal('a');
    releaseOverlay('a');
    expect(activeOverlay.value).to.equal('c');
    releaseC();
    expect(activeOverlay.value).to.equal(undefined);
  });

  it('the in-app screen goes before the install prompt, image popups, announcements and the push prompt', () => {
    const order = Object.entries(OVERLAY_PRIORITY)
      .sort((a, b) => a[1] - b[1])
      .map(([name]) => name);
    expect(order).to.deep.equal(['inAppGuide', 'appUpgrade', 'install', 'imagePopup', 'announcement', 'pushPrompt']);
  });

  it('a hold keeps a free turn for what may come: higher numbers wait, the held priority and lower go', () => {
    const release = holdOverlays(OVERLAY_PRIORITY.install);
    requestOverlay('announcement', OVERLAY_PRIORITY.announcement);
    expect(activeOverlay.value, 'the announcement waits for the install decision').to.equal(undefined);
    requestOverlay('install', OVERLAY_PRIORITY.install);
    expect(activeOverlay.value).to.equal('install');
    release();
    expect(activeOverlay.value).to.equal('install');
    releaseOverlay('install');
    expect(activeOverlay.value).to.equal('announcement');
  });

  it('releasing a hold with nothing else coming lets the waiting overlay go at once; releasing twice is harmless', () => {
    const release = holdOverlays(OVERLAY_PRIORITY.install);
    const other = holdOverlays(OVERLAY_PRIORITY.imagePopup);
    requestOverlay('announcement', OVERLAY_PRIORITY.announcement);
    release();
    release();
    expect(activeOverlay.value, 'still held at 30').to.equal(undefined);
    other();
    expect(activeOverlay.value).to.equal('announcement');
  });
});

/** docs/product.md §2, "What opens by itself": the attention budget. */
describe('attention budget', () => {
  beforeEach(reset);
  afterEach(reset);

  it('an overlay that opened by itself and closed does not come back this session, whatever the answer', () => {
    const release = requestOverlay('image:1', 30, { key: 'image-popup:a.png' });
    expect(activeOverlay.value).to.equal('image:1');
    overlayShown('image:1');
    release();
    expect(overlayAnswered('image-popup:a.png')).to.equal(true);
    newOverlayVisit();
    requestOverlay('image:2', 30, { key: 'image-popup:a.png' });
    expect(activeOverlay.value, 'the same image on the next visit').to.equal(undefined);
    requestOverlay('image:3', 30, { key: 'image-popup:b.png' });
    expect(activeOverlay.value, 'another image is another answer').to.equal('image:3');
  });

  it('the answer survives a log-out (the session clear) but not the browser session', () => {
    requestOverlay('install', 20);
    overlayShown('install');
    releaseOverlay('install');
    clearSession();
    expect(overlayAnswered('install')).to.equal(true);
    sessionStorage.clear();
    expect(overlayAnswered('install')).to.equal(false);
  });

  it('an overlay that only waited is not answered: it may come on a later visit', () => {
    requestOverlay('install', 20);
    const release = requestOverlay('announcement', 40);
    release();
    expect(overlayAnswered('announcement')).to.equal(false);
  });

  it('a turn taken but never on screen (its page went away at once) is no answer and gives its budget place back', () => {
    for (const id of ['a', 'b']) {
      requestOverlay(id, 30);
      overlayShown(id);
      releaseOverlay(id);
    }
    requestOverlay('c', 30)();
    expect(overlayAnswered('c')).to.equal(false);
    requestOverlay('d', 30);
    expect(activeOverlay.value, 'still a third place on this visit').to.equal('d');
  });

  it('at most 3 open by themselves on one visit; the fourth waits for the next visit', () => {
    for (const [i, id] of ['install', 'image-1', 'image-2', 'announcement'].entries()) requestOverlay(id, 20 + i);
    for (const id of ['install', 'image-1', 'image-2']) {
      expect(activeOverlay.value).to.equal(id);
      overlayShown(id);
      releaseOverlay(id);
    }
    expect(activeOverlay.value, 'the budget of 3 is spent').to.equal(undefined);
    newOverlayVisit();
    expect(activeOverlay.value).to.equal('announcement');
  });

  it('a sign-in is a new visit (a merchant page does not navigate): the budget starts again', () => {
    for (const id of ['a', 'b', 'c']) {
      requestOverlay(id, 30);
      overlayShown(id);
      releaseOverlay(id);
    }
    requestOverlay('member-announcement', 40);
    expect(activeOverlay.value).to.equal(undefined);
    session.value = { token: 'tok-1', id: 1, username: 'demo' } as never;
    expect(activeOverlay.value).to.equal('member-announcement');
    session.value = undefined;
  });

  it('what the page or the player opens is no part of the budget', () => {
    for (const id of ['a', 'b', 'c']) {
      requestOverlay(id, 30);
      overlayShown(id);
      releaseOverlay(id);
    }
    requestOverlay('forced', 30, { auto: false });
    expect(activeOverlay.value).to.equal('forced');
    releaseOverlay('forced');
    requestOverlay('forced', 30, { auto: false });
    expect(activeOverlay.value, 'opened again by the page').to.equal('forced');
  });

  it('nothing opens by itself over a running game; one on screen stays; the block lifted, it goes', () => {
    requestOverlay('install', 20);
    const lift = blockOverlays();
    expect(activeOverlay.value, 'already on screen').to.equal('install');
    requestOverlay('push', 50);
    releaseOverlay('install');
    expect(activeOverlay.value).to.equal(undefined);
    requestOverlay('opened', 30, { auto: false });
    expect(activeOverlay.value, 'what the player opens still opens').to.equal('opened');
    releaseOverlay('opened');
    lift();
    expect(activeOverlay.value).to.equal('push');
  });

  it('a blocking status screen hides the overlay on screen and keeps its turn; nothing else opens meanwhile', () => {
    requestOverlay('image', 30);
    const resume = pauseOverlays();
    expect(activeOverlay.value).to.equal(undefined);
    requestOverlay('forced', 10, { auto: false });
    expect(activeOverlay.value, 'not even what the page opens').to.equal(undefined);
    resume();
    resume();
    expect(activeOverlay.value, 'the same overlay comes back').to.equal('image');
    expect(overlayAnswered('image')).to.equal(false);
  });

  it('focus in a form blocks what opens by itself until it leaves the form', async () => {
    watchFormsInUse();
    document.body.insertAdjacentHTML('beforeend', '<form id="f"><input id="i"></form><button id="out">out</button>');
    try {
      (document.getElementById('i') as HTMLInputElement).focus();
      requestOverlay('push', 50);
      expect(activeOverlay.value, 'the player is typing').to.equal(undefined);
      (document.getElementById('out') as HTMLButtonElement).focus();
      await new Promise((r) => setTimeout(r, 10));
      expect(activeOverlay.value).to.equal('push');
    } finally {
      document.getElementById('f')?.remove();
      document.getElementById('out')?.remove();
    }
  });
});

describe('renewing a turn (the next image under the same turn)', () => {
  beforeEach(reset);
  afterEach(reset);

  it('keeps its place ahead of a lower priority, answers the old key and counts as a new overlay', () => {
    requestOverlay('images', 30, { key: 'image-popup:1.png' });
    overlayShown('images');
    requestOverlay('announcement', 40);
    renewOverlay('images', 'image-popup:2.png');
    expect(activeOverlay.value).to.equal('images');
    expect(overlayAnswered('image-popup:1.png')).to.equal(true);
    requestOverlay('install', 20)();
    expect(activeOverlay.value, 'the images still hold the turn').to.equal('images');
  });

  it('over the visit budget, the renewed overlay gives the turn back and waits for the next visit', () => {
    requestOverlay('install', 20);
    overlayShown('install');
    releaseOverlay('install');
    requestOverlay('images', 30, { key: 'image-popup:1.png' });
    renewOverlay('images', 'image-popup:2.png');
    expect(activeOverlay.value).to.equal('images');
    renewOverlay('images', 'image-popup:3.png');
    expect(activeOverlay.value, 'a fourth by itself on this visit').to.equal(undefined);
    newOverlayVisit();
    expect(activeOverlay.value).to.equal('images');
  });
});
