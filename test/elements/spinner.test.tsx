/** `<wps-spinner>`: the full-screen loading overlay that hides itself after 10 s (docs/product.md §9). */
import { expect } from 'chai';
import '../../elements/spinner.tsx';
import { SPINNER_AUTO_HIDE_MS } from '../../src/ui/Spinner.tsx';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import {
  expectAccessible,
  expectSameNode,
  has,
  mount,
  part,
  recordEvents,
  sleep,
  unmountAll,
  waitFor,
} from '../browser-helpers/helpers.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';

type SpinnerElement = HTMLElement & { open?: boolean; label?: string; timeout?: number };

let clock: FakeClock | undefined;
const overlay = (el: Element) => part(el, 'overlay');

async function shown(el: Element) {
  await waitFor(() => expect(has(el, 'overlay'), 'overlay shown').to.equal(true));
  return overlay(el)!;
}
async function hidden(el: Element) {
  await waitFor(() => expect(has(el, 'overlay'), 'overlay hidden').to.equal(false));
}
/** Waits until the overlay's auto-hide timer is armed on the fake clock. */
async function timerArmed() {
  await waitFor(() => expect(clock!.countTimers()).to.be.greaterThan(0));
}

before(async () => {
  language.value = 'EN';
  // i18next starts with a timer of its own: let it run on the real clock first.
  await languageReady();
});
afterEach(() => {
  clock?.uninstall();
  clock = undefined;
  unmountAll();
  language.value = 'EN';
});

describe('<wps-spinner>', () => {
  it('open shows a role=status overlay with the default label', async () => {
    const el = mount('<wps-spinner open></wps-spinner>');
    const o = await shown(el);
    expect(o.getAttribute('role')).to.equal('status');
    expect(o.getAttribute('aria-busy')).to.equal('true');
    await waitFor(() => expect(part(el, 'label')!.textContent).to.equal('Loading…'));
  });

  it('the label attribute replaces the default', async () => {
    const el = mount('<wps-spinner open label="Launching the game"></wps-spinner>');
    await shown(el);
    expect(part(el, 'label')!.textContent).to.equal('Launching the game');
    el.setAttribute('label', 'Almost there');
    await waitFor(() => expect(part(el, 'label')!.textContent).to.equal('Almost there'));
  });

  it('the default label follows the page language', async () => {
    const el = mount('<wps-spinner open></wps-spinner>');
    await shown(el);
    language.value = 'CN';
    await waitFor(() => expect(part(el, 'label')!.textContent).to.equal('加载中…'));
  });

  it('without open nothing shows; removing open hides it', async () => {
    const el = mount('<wps-spinner></wps-spinner>');
    await sleep(30);
    expect(has(el, 'overlay')).to.equal(false);
    el.setAttribute('open', '');
    await shown(el);
    el.removeAttribute('open');
    await hidden(el);
  });

  it('the open property works', async () => {
    const el = mount<SpinnerElement>('<wps-spinner></wps-spinner>');
    el.open = true;
    await shown(el);
    el.open = false;
    await hidden(el);
  });

  it('hides itself after exactly 10 000 ms: not at 9 999; then removes open and emits wps-timeout', async () => {
    expect(SPINNER_AUTO_HIDE_MS).to.equal(10_000);
    clock = installClock();
    const el = mount('<wps-spinner open></wps-spinner>');
    await shown(el);
    await timerArmed();
    const seen = recordEvents(document, ['wps-timeout']);

    await clock.tickAsync(9_999);
    expect(has(el, 'overlay'), 'still shown at 9 999 ms').to.equal(true);
    expect(el.hasAttribute('open')).to.equal(true);
    expect(seen.types()).to.deep.equal([]);

    await clock.tickAsync(1);
    seen.stop();
    expect(seen.types()).to.deep.equal(['wps-timeout']);
    expect(seen.events[0]!.bubbles).to.equal(true);
    expect(seen.events[0]!.composed).to.equal(true);
    expectSameNode(seen.events[0]!.target, el);
    expect(el.hasAttribute('open')).to.equal(false);
    await hidden(el);
  });

  it('a re-render (label change) does not restart the 10 s', async () => {
    clock = installClock();
    const el = mount('<wps-spinner open label="a"></wps-spinner>');
    await shown(el);
    await timerArmed();
    await clock.tickAsync(6_000);
    el.setAttribute('label', 'b');
    await waitFor(() => expect(part(el, 'label')!.textContent).to.equal('b'));
    await clock.tickAsync(4_000);
    expect(el.hasAttribute('open')).to.equal(false);
    await hidden(el);
  });

  it('timeout="0" never hides', async () => {
    clock = installClock();
    const seen = recordEvents(document, ['wps-timeout']);
    const el = mount('<wps-spinner open timeout="0"></wps-spinner>');
    await shown(el);
    await sleep(30);
    await clock.tickAsync(10 * 60_000);
    seen.stop();
    expect(has(el, 'overlay')).to.equal(true);
    expect(el.hasAttribute('open')).to.equal(true);
    expect(seen.types()).to.deep.equal([]);
  });

  it('a custom timeout is honoured to the millisecond', async () => {
    clock = installClock();
    const el = mount('<wps-spinner open timeout="2500"></wps-spinner>');
    await shown(el);
    await timerArmed();
    await clock.tickAsync(2_499);
    expect(el.hasAttribute('open')).to.equal(true);
    await clock.tickAsync(1);
    expect(el.hasAttribute('open')).to.equal(false);
    await hidden(el);
  });

  it('closing before the timeout cancels it: no late wps-timeout', async () => {
    clock = installClock();
    const seen = recordEvents(document, ['wps-timeout']);
    const el = mount('<wps-spinner open></wps-spinner>');
    await shown(el);
    await timerArmed();
    await clock.tickAsync(5_000);
    el.removeAttribute('open');
    await hidden(el);
    await clock.tickAsync(20_000);
    seen.stop();
    expect(seen.types()).to.deep.equal([]);
  });

  it('reopening starts a fresh 10 s', async () => {
    clock = installClock();
    const el = mount('<wps-spinner open></wps-spinner>');
    await shown(el);
    await timerArmed();
    await clock.tickAsync(10_000);
    await hidden(el);
    el.setAttribute('open', '');
    await shown(el);
    await timerArmed();
    await clock.tickAsync(9_999);
    expect(el.hasAttribute('open')).to.equal(true);
    await clock.tickAsync(1);
    expect(el.hasAttribute('open')).to.equal(false);
  });

  it('is axe-core clean', async () => {
    const el = mount('<wps-spinner open label="Loading the lobby"></wps-spinner>');
    await shown(el);
    await expectAccessible(el);
  });
});
