/**
 * `<wps-install-prompt>` on the Android phones of 2026 (docs/install.md, "Android"): a player who
 * has the merchant's native app (`navigator.getInstalledRelatedApps()`, fed by the manifest's
 * `related_applications`) is not asked; the written steps name today's menu labels, and Firefox and
 * Samsung Internet get their own. axe-core on each.
 */
import { expect } from 'chai';
import '../../elements/install-prompt.tsx';
import type { SiteStatus } from '../../src/contract/endpoints.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { installed } from '../../src/features/install/model.ts';
import { SHEET_TRANSITION_MS } from '../../src/ui/Sheet.tsx';
import { fakeProperty, statusFixture } from '../browser-helpers/status.ts';
import { resetInstall } from '../browser-helpers/install-fixture.ts';
import {
  expectAccessible,
  has,
  json,
  mount,
  part,
  sleep,
  stubFetch,
  waitFor,
  type FetchStub,
} from '../browser-helpers/helpers.ts';

const UA = {
  chrome: 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (Android 15; Mobile; rv:145.0) Gecko/145.0 Firefox/145.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 15; SAMSUNG SM-S931B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36',
};

const restore: (() => void)[] = [];
const fakeUA = (ua: string) => restore.push(fakeProperty(navigator, 'userAgent', () => ua));

function status(): SiteStatus {
  const base = statusFixture({ maintenance: false });
  return {
    ...base,
    info: {
      ...base.info,
      appName: 'Lucky Lotto',
      appShortName: 'Lucky',
      resources: [{ resourceType: 'Android', url: 'https://dl.example.test/lucky.apk' }],
      install: { enabled: true },
    },
  };
}

let stub: FetchStub | undefined;
function backend() {
  stub = stubFetch((c) =>
    c.url.pathname === '/wps/system/status'
      ? json({ success: true, value: status() })
      : json({ success: false, errorCode: 'not.found' }, 404),
  );
}

const steps = (el: Element) => Array.from(part(el, 'steps')!.querySelectorAll('li')).map((li) => li.textContent);

/** The install fixture's reset, then this file's own backend and faked properties. */
function reset() {
  resetInstall();
  stub?.restore();
  stub = undefined;
  for (const undo of restore.splice(0)) undo();
}

before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(reset);
afterEach(reset);

// First in the file: the install rules ask getInstalledRelatedApps once per page.
describe('<wps-install-prompt> and the native app already on the phone', () => {
  it('getInstalledRelatedApps lists the merchant app: the player is not asked (not even with no delay)', async () => {
    fakeUA(UA.chrome);
    let asked = 0;
    const nav = navigator as Navigator & { getInstalledRelatedApps?: unknown };
    const had = Object.getOwnPropertyDescriptor(nav, 'getInstalledRelatedApps');
    Object.defineProperty(nav, 'getInstalledRelatedApps', {
      configurable: true,
      value: () => {
        asked += 1;
        return Promise.resolve([{ platform: 'play', id: 'com.wps.lottery' }]);
      },
    });
    restore.push(() => (had ? Object.defineProperty(nav, 'getInstalledRelatedApps', had) : delete nav.getInstalledRelatedApps));
    backend();
    const el = mount('<wps-install-prompt delay="0"></wps-install-prompt>');
    await sleep(SHEET_TRANSITION_MS + 300);
    expect(asked).to.equal(1);
    expect(installed.value).to.equal(true);
    expect(has(el, 'sheet')).to.equal(false);
    expect(has(el, 'web-app')).to.equal(false);
  });
});

describe('<wps-install-prompt>: the written steps per Android browser', () => {
  const rows: [name: string, ua: string, expected: string[]][] = [
    [
      "Chrome (and Edge, Opera): today's labels, Chrome 150's “Install and create shortcut” among them",
      UA.chrome,
      [
        "1Tap your browser's menu button (⋮ or ☰).",
        '2Choose “Install app”, “Add to Home screen” or “Install and create shortcut”.',
        '3Confirm with “Install” or “Add”.',
      ],
    ],
    [
      'Firefox: “Add app to Home screen” in its menu',
      UA.firefox,
      [
        "1Tap your browser's menu button (⋮ or ☰).",
        '2Choose “Add app to Home screen” or “Install”.',
        '3Confirm with “Install” or “Add”.',
      ],
    ],
    [
      'Samsung Internet: its menu (☰), “Add page to”, “Home screen”',
      UA.samsung,
      [
        "1Tap your browser's menu button (⋮ or ☰).",
        '2Choose “Add page to”, then “Home screen”.',
        '3Confirm with “Install” or “Add”.',
      ],
    ],
  ];
  for (const [name, ua, expected] of rows) {
    it(name, async () => {
      fakeUA(ua);
      backend();
      const el = mount('<wps-install-prompt delay="0"></wps-install-prompt>');
      await waitFor(() => expect(has(el, 'web-app')).to.equal(true));
      part<HTMLButtonElement>(el, 'web-app')!.click();
      await waitFor(() => expect(has(el, 'steps')).to.equal(true));
      expect(steps(el)).to.deep.equal(expected);
      await sleep(SHEET_TRANSITION_MS + 50);
      await expectAccessible(el);
    });
  }
});
