/** One overlay at a time (src/core/overlay/queue.ts): priority, order among equals, no pre-emption. */
import { expect } from 'chai';
import {
  activeOverlay,
  holdOverlays,
  OVERLAY_PRIORITY,
  releaseOverlay,
  requestOverlay,
  resetOverlays,
} from '../../src/core/overlay/queue.ts';

describe('overlay queue', () => {
  beforeEach(resetOverlays);

  it('the first request gets the turn at once; others wait', () => {
    requestOverlay('image', OVERLAY_PRIORITY.imagePopup);
    requestOverlay('install', OVERLAY_PRIORITY.install);
    expect(activeOverlay.value).to.equal('image');
  });

  it('an overlay on screen is never pushed away; then the lowest priority number goes next', () => {
    requestOverlay('push', OVERLAY_PRIORITY.pushPrompt);
    requestOverlay('announcement', OVERLAY_PRIORITY.announcement);
    requestOverlay('image', OVERLAY_PRIORITY.imagePopup);
    requestOverlay('inapp', OVERLAY_PRIORITY.inAppGuide);
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
    requestOverlay('a', 30);
    requestOverlay('b', 30);
    requestOverlay('c', 30);
    requestOverlay('b', 30);
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
