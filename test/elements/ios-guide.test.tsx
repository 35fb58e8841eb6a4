/**
 * `<wps-ios-guide>` on the iPhones of 2026 (docs/install.md, "iOS 26"): Safari 26 freezes the OS at
 * 18 in its user agent (`iPhone OS 18_7 … Version/26.4`), so the guide must read Safari's Version/
 * and show the iOS 26 steps (Share, or "…" then Share; "View More"; "Add to Home Screen"; leave
 * "Open as Web App" on), while Safari 16.4 to 18 keeps the iOS 18 steps; Chrome's share-sheet steps
 * hold on both. axe-core on each.
 */
import { expect } from 'chai';
import '../../elements/ios-guide.tsx';
import type { SiteStatus } from '../../src/contract/endpoints.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { SHEET_TRANSITION_MS } from '../../src/ui/Sheet.tsx';
import { statusFixture } from '../browser-helpers/status.ts';
import { fakeUA, resetInstall, statusBackend } from '../browser-helpers/install-fixture.ts';
import { expectAccessible, has, mount, part, sleep, waitFor } from '../browser-helpers/helpers.ts';

const UA = {
  /** Safari 26.4 on iPhone: the OS frozen at 18_7. */
  safari26:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.4 Mobile/15E148 Safari/604.1',
  safari18:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1',
  chrome26:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/141.0.7390.41 Mobile/15E148 Safari/604.1',
};

function status(): SiteStatus {
  const base = statusFixture({ maintenance: false });
  return { ...base, info: { ...base.info, appName: 'Lucky Lotto', appShortName: 'Lucky', install: { enabled: true } } };
}

const backend = () => statusBackend(status());

const steps = (el: Element) => Array.from(part(el, 'steps')!.querySelectorAll('li')).map((li) => li.textContent);

async function accessibleOnceIn(el: Element) {
  await sleep(SHEET_TRANSITION_MS + 50);
  await expectAccessible(el);
}

const reset = resetInstall;

before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(reset);
afterEach(reset);

const IOS26_STEPS = [
  '1Tap Share (or “…”, then Share).',
  '2Scroll or tap “View More”, then “Add to Home Screen”.',
  '3Keep “Open as Web App” on; tap “Add”.',
];

describe('<wps-ios-guide> on iOS 26 (Safari 26 user agent: iPhone OS 18_7, Version/26.4)', () => {
  it('the footer guide names the iOS 26 way: Share (or “…”), “View More”, “Add to Home Screen”', async () => {
    fakeUA(UA.safari26);
    backend();
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    await waitFor(() => expect(has(el, 'footer')).to.equal(true));
    expect(part(el, 'message')!.textContent).to.equal('Install Lucky Lotto: Share (or “…”), “View More”, “Add to Home Screen”.');
    // Share moves with iOS 26's tab-bar layout: the card points nowhere rather than at the wrong place.
    expect(getComputedStyle(part(el, 'footer')!, '::after').content).to.equal('none');
    await accessibleOnceIn(el);
  });

  it('the full guide: the iOS 26 steps, for every tab-bar layout, and the notification hint', async () => {
    fakeUA(UA.safari26);
    backend();
    const el = mount('<wps-ios-guide open mode="guide"></wps-ios-guide>');
    await waitFor(() => expect(has(el, 'steps')).to.equal(true));
    expect(steps(el)).to.deep.equal(IOS26_STEPS);
    // The app's name comes with the site status, which may answer after the guide has opened.
    await waitFor(() =>
      expect(part(el, 'hint')!.textContent).to.equal('Installed, Lucky Lotto can also send you notifications.'),
    );
    await accessibleOnceIn(el);
  });

  it('in Urdu too (right to left), every iOS 26 step translated', async () => {
    fakeUA(UA.safari26);
    backend();
    language.value = 'UR';
    await languageReady();
    const el = mount('<wps-ios-guide open mode="guide"></wps-ios-guide>');
    await waitFor(() => expect(has(el, 'steps')).to.equal(true));
    const texts = steps(el);
    expect(texts).to.have.length(3);
    expect(texts.join(' ')).to.contain('مزید دیکھیں').and.contain('…');
    await accessibleOnceIn(el);
  });
});

describe('<wps-ios-guide> on iOS 16.4 to 18 keeps the iOS 18 steps', () => {
  it('Safari 18.6: the footer says Share, then “Add to Home Screen”, without “View More”', async () => {
    fakeUA(UA.safari18);
    backend();
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    await waitFor(() => expect(has(el, 'footer')).to.equal(true));
    expect(getComputedStyle(part(el, 'footer')!, '::after').content, 'the arrow at Share').to.not.equal('none');
    expect(part(el, 'message')!.textContent).to.equal('Install Lucky Lotto: tap Share, then “Add to Home Screen”.');
    await accessibleOnceIn(el);
  });

  it('Safari 18.6: the full guide shows the three iOS 18 steps', async () => {
    fakeUA(UA.safari18);
    backend();
    const el = mount('<wps-ios-guide open mode="guide"></wps-ios-guide>');
    await waitFor(() => expect(has(el, 'steps')).to.equal(true));
    expect(steps(el)).to.deep.equal([
      "1Tap the Share button (a square with an arrow) in Safari's toolbar.",
      '2Scroll down and choose “Add to Home Screen”.',
      '3Tap “Add” in the top corner.',
    ]);
    await accessibleOnceIn(el);
  });
});

describe('<wps-ios-guide> in Chrome on iOS (its user agent has no Version/: iOS 18 and 26 look alike)', () => {
  it("Chrome's share steps hold on both: Share in the address bar, then scroll or “View More”", async () => {
    fakeUA(UA.chrome26);
    backend();
    const el = mount('<wps-ios-guide delay="0"></wps-ios-guide>');
    await waitFor(() => expect(has(el, 'steps')).to.equal(true));
    expect(steps(el)).to.deep.equal([
      '1Tap the Share button in the address bar.',
      '2Scroll or tap “View More”, then “Add to Home Screen”.',
      '3Tap “Add” in the top corner.',
    ]);
    await accessibleOnceIn(el);
  });
});
