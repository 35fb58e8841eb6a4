/**
 * `<wps-access-denied>` and `<wps-maintenance>` (docs/product.md §2 screens, §8 full-page screens; docs/architecture.md,
 * Elements), with the rules they render: which screen the status asks for, the maintenance end in
 * the player's time zone, the operator's own texts and the English section.
 * `window.fetch` is stubbed; every text is read from the locale catalogues, never written here.
 */
import { expect } from 'chai';
import '../../elements/access-denied.tsx';
import '../../elements/maintenance.tsx';
import type { SiteStatus } from '../../src/contract/endpoints.ts';
import { apiBase, merchantCode } from '../../src/core/config/config.ts';
import { resetSiteData, siteStatus } from '../../src/core/config/siteStatus.ts';
import { ensureI18n, language, languageReady, setLanguage } from '../../src/core/i18n/i18n.ts';
import { htmlLang, type Language } from '../../src/core/i18n/languages.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { formatMaintenanceEnd, statusScreen } from '../../src/features/site-status/model.ts';
import CN from '../../src/core/i18n/locales/CN.json';
import EN from '../../src/core/i18n/locales/EN.json';
import UR from '../../src/core/i18n/locales/UR.json';
import {
  expectAccessible,
  has,
  json,
  mount,
  part,
  recordEvents,
  sleep,
  stubFetch,
  unmountAll,
  waitFor,
  type FetchStub,
} from '../browser-helpers/helpers.ts';
import { CS_URL, encodeCsPath, statusFixture } from '../browser-helpers/status.ts';

type Lang = 'CN' | 'EN' | 'UR';
const CATALOGUES: Record<Lang, Record<string, string>> = { CN, EN, UR };
/** A catalogue text with its {{placeholders}} filled, as i18next does (escapeValue off). */
function text(lang: Lang, key: string, vars: Record<string, string> = {}): string {
  const raw = CATALOGUES[lang][key];
  expect(raw, `${lang} has ${key}`).to.be.a('string');
  return raw!.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}

/** The options formatMaintenanceEnd documents: the same, independently written. */
const END_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};
const END = Date.UTC(2030, 5, 1, 14, 30);

let stub: FetchStub | undefined;
function serve(status: SiteStatus) {
  stub = stubFetch((c) => {
    if (c.url.pathname === '/wps/system/status') return json({ success: true, value: status });
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}

async function mountLoaded(html: string, status: SiteStatus) {
  serve(status);
  const el = mount(html);
  await waitFor(() => expect(siteStatus.value, 'status loaded').to.not.equal(undefined));
  await sleep(30); // one more render
  return el;
}

async function shown(el: Element) {
  await waitFor(() => expect(has(el, 'screen'), `${el.localName} shows its screen`).to.equal(true));
}
async function hidden(el: Element) {
  await waitFor(() => expect(has(el, 'screen'), `${el.localName} shows nothing`).to.equal(false));
}
const textOf = (el: Element, name: string) => part(el, name)?.textContent ?? null;

async function switchTo(lang: Lang) {
  setLanguage(lang);
  await ensureI18n();
}

const savedOpen = window.open;
const opened: unknown[][] = [];

function reset() {
  unmountAll();
  stub?.restore();
  stub = undefined;
  resetSiteData();
  notices.value = [];
  sessionStorage.clear();
  localStorage.clear();
  merchantCode.value = '';
  apiBase.value = '';
  window.open = savedOpen;
  opened.length = 0;
}

before(async () => {
  // CN first: the EN catalogue is not loaded until a test needs it (see the first maintenance test).
  language.value = 'CN';
  await languageReady();
});
beforeEach(() => {
  reset();
  language.value = 'CN';
  window.open = ((...args: unknown[]) => {
    opened.push(args);
    return null;
  }) as typeof window.open;
});
afterEach(reset);

describe('<wps-maintenance> before the English catalogue is loaded', () => {
  it('the English section never shows raw i18n keys while the EN catalogue loads', async () => {
    const seen: string[] = [];
    serve(statusFixture({ maintenance: true }));
    const el = mount('<wps-maintenance></wps-maintenance>');
    const observer = new MutationObserver(() => seen.push(el.shadowRoot!.textContent ?? ''));
    observer.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true });
    try {
      await shown(el);
      await waitFor(() =>
        expect(textOf(el, 'english')).to.equal(
          text('EN', 'status.maintenance.title') + text('EN', 'status.maintenance.description'),
        ),
      );
    } finally {
      observer.disconnect();
    }
    const raw = seen.filter((s) => s.includes('status.maintenance'));
    expect(raw, 'renders that showed catalogue keys').to.deep.equal([]);
  });
});

describe('<wps-access-denied> when it shows', () => {
  it('shows when the status says regionRestriction, and loads the status with device MOBILE', async () => {
    const el = await mountLoaded('<wps-access-denied></wps-access-denied>', statusFixture({ regionRestriction: true }));
    await shown(el);
    expect(stub!.to('/wps/system/status')).to.have.length(1);
    expect(stub!.to('/wps/system/status')[0]!.url.searchParams.get('device')).to.equal('MOBILE');
    expect(el.shadowRoot!.mode).to.equal('open');
  });

  it('shows nothing when the status says no restriction (maintenance alone is not its business)', async () => {
    const el = await mountLoaded('<wps-access-denied></wps-access-denied>', statusFixture({ maintenance: true }));
    await sleep(50);
    expect(has(el, 'screen')).to.equal(false);
  });

  it('shows nothing while the status has not answered', async () => {
    stub = stubFetch(() => new Promise<Response>(() => undefined));
    const el = mount('<wps-access-denied></wps-access-denied>');
    await sleep(80);
    expect(has(el, 'screen')).to.equal(false);
  });

  it('a bare `force` attribute shows it whatever the status says; removing `force` hides it again', async () => {
    const el = await mountLoaded('<wps-access-denied force></wps-access-denied>', statusFixture());
    await shown(el);
    el.removeAttribute('force');
    await hidden(el);
    el.setAttribute('force', '');
    await shown(el);
  });

  it('force="false" does not force it; the `force` property does', async () => {
    const el = await mountLoaded('<wps-access-denied force="false"></wps-access-denied>', statusFixture());
    await sleep(50);
    expect(has(el, 'screen')).to.equal(false);
    (el as HTMLElement & { force?: boolean }).force = true;
    await shown(el);
  });

  it('removing `force` keeps it shown when the status does say regionRestriction', async () => {
    const el = await mountLoaded('<wps-access-denied force></wps-access-denied>', statusFixture({ regionRestriction: true }));
    await shown(el);
    el.removeAttribute('force');
    await sleep(50);
    expect(has(el, 'screen')).to.equal(true);
  });

  it('region restriction beats maintenance: only <wps-access-denied> shows', async () => {
    serve(statusFixture({ regionRestriction: true, maintenance: true, maintenanceEnd: END }));
    const denied = mount('<wps-access-denied></wps-access-denied>');
    const maintenance = mount('<wps-maintenance></wps-maintenance>');
    await shown(denied);
    await sleep(50);
    expect(has(maintenance, 'screen')).to.equal(false);
    expect(stub!.to('/wps/system/status'), 'both elements share one status request').to.have.length(1);
  });
});

describe('<wps-access-denied> content', () => {
  for (const lang of ['CN', 'EN', 'UR'] as const) {
    it(`${lang}: title, IP line and description from the ${lang} catalogue; ${lang === 'UR' ? 'right to left' : 'left to right'}`, async () => {
      await switchTo(lang);
      const el = await mountLoaded('<wps-access-denied></wps-access-denied>', statusFixture({ regionRestriction: true }));
      await shown(el);
      await waitFor(() => expect(textOf(el, 'title')).to.equal(text(lang, 'status.access_denied.title')));
      expect(textOf(el, 'ip')).to.equal(text(lang, 'status.access_denied.ip', { ip: '203.0.113.77' }));
      expect(textOf(el, 'description')).to.equal(text(lang, 'status.access_denied.description'));
      expect(textOf(el, 'contact')).to.equal(text(lang, 'status.contact_us'));
      expect(part(el, 'screen')!.getAttribute('dir')).to.equal(lang === 'UR' ? 'rtl' : 'ltr');
      expect(part(el, 'title')!.localName).to.equal('h1');
      await expectAccessible(el);
    });
  }

  it('follows a language change while shown', async () => {
    const el = await mountLoaded('<wps-access-denied></wps-access-denied>', statusFixture({ regionRestriction: true }));
    await waitFor(() => expect(textOf(el, 'title')).to.equal(text('CN', 'status.access_denied.title')));
    await switchTo('UR');
    await waitFor(() => expect(textOf(el, 'title')).to.equal(text('UR', 'status.access_denied.title')));
    expect(part(el, 'screen')!.getAttribute('dir')).to.equal('rtl');
  });

  it('no IP line when the status has no IP', async () => {
    const el = await mountLoaded(
      '<wps-access-denied></wps-access-denied>',
      statusFixture({ regionRestriction: true, location: { ip: '' } }),
    );
    await shown(el);
    expect(has(el, 'ip')).to.equal(false);
    expect(has(el, 'description')).to.equal(true);
  });
});

describe('<wps-access-denied> contact us', () => {
  it('emits a cancelable, bubbling, composed wps-contact with the decoded URL; preventDefault keeps it from opening', async () => {
    const el = await mountLoaded('<wps-access-denied></wps-access-denied>', statusFixture({ regionRestriction: true }));
    await shown(el);
    const seen = recordEvents(document, ['wps-contact']);
    const prevent = (e: Event) => e.preventDefault();
    document.addEventListener('wps-contact', prevent);
    try {
      part<HTMLButtonElement>(el, 'contact')!.click();
    } finally {
      document.removeEventListener('wps-contact', prevent);
      seen.stop();
    }
    expect(seen.types()).to.deep.equal(['wps-contact']);
    const event = seen.events[0]!;
    expect(event.detail).to.deep.equal({ url: CS_URL });
    expect([event.bubbles, event.composed, event.cancelable, event.defaultPrevented]).to.deep.equal([true, true, true, true]);
    expect(opened, 'nothing opened').to.deep.equal([]);
    expect(notices.value).to.deep.equal([]);
  });

  it('without preventDefault it opens customer service in a new tab (noopener)', async () => {
    const el = await mountLoaded('<wps-access-denied></wps-access-denied>', statusFixture({ regionRestriction: true }));
    await shown(el);
    part<HTMLButtonElement>(el, 'contact')!.click();
    expect(opened).to.deep.equal([[CS_URL, '_blank', 'noopener']]);
  });

  it('a relative customer-service path resolves against the api base', async () => {
    const el = await mountLoaded(
      '<wps-access-denied api-base="https://api.example.test/"></wps-access-denied>',
      statusFixture({ regionRestriction: true }, encodeCsPath('/cs/chat?x=1')),
    );
    await shown(el);
    expect(stub!.calls[0]!.url.origin).to.equal('https://api.example.test');
    part<HTMLButtonElement>(el, 'contact')!.click();
    expect(opened).to.deep.equal([['https://api.example.test/cs/chat?x=1', '_blank', 'noopener']]);
  });

  const unusable: [label: string, path: string | null][] = [
    ['an empty path', ''],
    ['a path that decodes to javascript:alert(1)', encodeCsPath('javascript:alert(1)')],
    ['a path that decodes to a data: URL', encodeCsPath('data:text/html,<script>alert(1)</script>')],
    ['no customer-service entry at all', null],
  ];
  for (const [label, path] of unusable) {
    it(`${label}: wps-contact carries no URL, nothing opens and the notice queue gets url_is_null`, async () => {
      const status = statusFixture({ regionRestriction: true }, path ?? '');
      if (path === null) status.info.customerService = [];
      const el = await mountLoaded('<wps-access-denied></wps-access-denied>', status);
      await shown(el);
      const seen = recordEvents(document, ['wps-contact']);
      part<HTMLButtonElement>(el, 'contact')!.click();
      seen.stop();
      expect(seen.events.map((e) => e.detail)).to.deep.equal([{ url: undefined }]);
      expect(opened).to.deep.equal([]);
      expect(notices.value.map((n) => n.messageKey)).to.deep.equal(['url_is_null']);
    });
  }
});

describe('<wps-maintenance> when it shows', () => {
  it('shows while the status says maintenance', async () => {
    const el = await mountLoaded('<wps-maintenance></wps-maintenance>', statusFixture({ maintenance: true }));
    await shown(el);
    expect(el.shadowRoot!.mode).to.equal('open');
  });

  it('shows nothing when the status says no maintenance', async () => {
    const el = await mountLoaded('<wps-maintenance></wps-maintenance>', statusFixture());
    await sleep(50);
    expect(has(el, 'screen')).to.equal(false);
  });

  it('a bare `force` attribute shows it; removing it hides it again', async () => {
    const el = await mountLoaded('<wps-maintenance force></wps-maintenance>', statusFixture());
    await shown(el);
    el.removeAttribute('force');
    await hidden(el);
  });

  it('hides itself when a reloaded status says maintenance is over', async () => {
    const el = await mountLoaded('<wps-maintenance></wps-maintenance>', statusFixture({ maintenance: true }));
    await shown(el);
    siteStatus.value = statusFixture();
    await hidden(el);
  });
});

describe('<wps-maintenance> content', () => {
  for (const lang of ['CN', 'EN', 'UR'] as const) {
    it(`${lang}: title, end time in the player's time zone, description; axe clean`, async () => {
      await switchTo(lang);
      const el = await mountLoaded(
        '<wps-maintenance></wps-maintenance>',
        statusFixture({ maintenance: true, maintenanceEnd: END }),
      );
      await shown(el);
      const time = new Intl.DateTimeFormat(htmlLang(lang as Language), END_OPTIONS).format(END);
      await waitFor(() => expect(textOf(el, 'title')).to.equal(text(lang, 'status.maintenance.title')));
      expect(textOf(el, 'end')).to.equal(text(lang, 'status.maintenance.end', { time }));
      expect(textOf(el, 'description')).to.equal(text(lang, 'status.maintenance.description'));
      expect(textOf(el, 'contact')).to.equal(text(lang, 'status.contact_us'));
      expect(part(el, 'screen')!.getAttribute('dir')).to.equal(lang === 'UR' ? 'rtl' : 'ltr');
      await expectAccessible(el);
    });
  }

  it('no end line when maintenanceEnd is null (or missing)', async () => {
    const el = await mountLoaded(
      '<wps-maintenance></wps-maintenance>',
      statusFixture({ maintenance: true, maintenanceEnd: null }),
    );
    await shown(el);
    expect(has(el, 'end')).to.equal(false);
    siteStatus.value = { ...statusFixture({ maintenance: true }), maintenanceEnd: undefined };
    await sleep(30);
    expect(has(el, 'end')).to.equal(false);
    siteStatus.value = statusFixture({ maintenance: true, maintenanceEnd: END });
    await waitFor(() => expect(has(el, 'end')).to.equal(true));
  });

  it("the operator's maintenanceTexts for the current language win over the catalogue", async () => {
    const texts = {
      CN: { title: '今晚维护', description: '运营商写的说明。' },
      EN: { title: 'Tonight', description: 'Written by the operator.' },
    };
    const el = await mountLoaded(
      '<wps-maintenance></wps-maintenance>',
      statusFixture({ maintenance: true, maintenanceTexts: texts }),
    );
    await shown(el);
    await waitFor(() => expect(textOf(el, 'title')).to.equal('今晚维护'));
    expect(textOf(el, 'description')).to.equal('运营商写的说明。');
    // The English section shows the operator's English text too.
    await waitFor(() => expect(textOf(el, 'english')).to.equal('TonightWritten by the operator.'));
  });

  it('an operator text for one field only: the other comes from the catalogue; texts for other languages are ignored', async () => {
    const texts = { CN: { title: '只有标题' }, UR: { title: 'x', description: 'y' } };
    const el = await mountLoaded(
      '<wps-maintenance></wps-maintenance>',
      statusFixture({ maintenance: true, maintenanceTexts: texts }),
    );
    await waitFor(() => expect(textOf(el, 'title')).to.equal('只有标题'));
    expect(textOf(el, 'description')).to.equal(text('CN', 'status.maintenance.description'));
  });

  it('CN: the English section (lang en, ltr) shows the English catalogue text', async () => {
    const el = await mountLoaded('<wps-maintenance></wps-maintenance>', statusFixture({ maintenance: true }));
    await shown(el);
    await waitFor(() => expect(has(el, 'english')).to.equal(true));
    const english = part(el, 'english')!;
    expect(english.getAttribute('lang')).to.equal('en');
    expect(english.getAttribute('dir')).to.equal('ltr');
    expect(english.querySelector('h2')?.textContent).to.equal(text('EN', 'status.maintenance.title'));
    expect(english.querySelector('p')?.textContent).to.equal(text('EN', 'status.maintenance.description'));
  });

  it('UR: the English section stays left to right inside the right-to-left screen', async () => {
    await switchTo('UR');
    const el = await mountLoaded('<wps-maintenance></wps-maintenance>', statusFixture({ maintenance: true }));
    await waitFor(() => expect(has(el, 'english')).to.equal(true));
    expect(part(el, 'screen')!.getAttribute('dir')).to.equal('rtl');
    expect(part(el, 'english')!.getAttribute('dir')).to.equal('ltr');
  });

  it('EN: no English section', async () => {
    await switchTo('EN');
    const el = await mountLoaded('<wps-maintenance></wps-maintenance>', statusFixture({ maintenance: true }));
    await waitFor(() => expect(textOf(el, 'title')).to.equal(text('EN', 'status.maintenance.title')));
    await sleep(30);
    expect(has(el, 'english')).to.equal(false);
  });

  it('no English section when the current text is the same as the English one', async () => {
    const same = {
      CN: { title: text('EN', 'status.maintenance.title'), description: text('EN', 'status.maintenance.description') },
    };
    const el = await mountLoaded(
      '<wps-maintenance></wps-maintenance>',
      statusFixture({ maintenance: true, maintenanceTexts: same }),
    );
    await waitFor(() => expect(textOf(el, 'title')).to.equal(text('EN', 'status.maintenance.title')));
    await sleep(50);
    expect(has(el, 'english')).to.equal(false);
  });

  it('contact us emits wps-contact with the decoded URL', async () => {
    const el = await mountLoaded('<wps-maintenance></wps-maintenance>', statusFixture({ maintenance: true }));
    await shown(el);
    const seen = recordEvents(document, ['wps-contact']);
    const prevent = (e: Event) => e.preventDefault();
    document.addEventListener('wps-contact', prevent);
    part<HTMLButtonElement>(el, 'contact')!.click();
    document.removeEventListener('wps-contact', prevent);
    seen.stop();
    expect(seen.events.map((e) => [e.detail, e.cancelable])).to.deep.equal([[{ url: CS_URL }, true]]);
    expect(opened).to.deep.equal([]);
  });

  it('without a usable customer-service path the notice queue gets url_is_null', async () => {
    const el = await mountLoaded(
      '<wps-maintenance></wps-maintenance>',
      statusFixture({ maintenance: true }, encodeCsPath('javascript:alert(1)')),
    );
    await shown(el);
    part<HTMLButtonElement>(el, 'contact')!.click();
    expect(opened).to.deep.equal([]);
    expect(notices.value.map((n) => n.messageKey)).to.deep.equal(['url_is_null']);
  });
});

describe('formatMaintenanceEnd', () => {
  const none: [label: string, end: number | null | undefined][] = [
    ['null', null],
    ['undefined', undefined],
    ['0', 0],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['negative', -1],
  ];
  for (const [label, end] of none) {
    it(`${label} → undefined`, () => {
      expect(formatMaintenanceEnd(end, 'en')).to.equal(undefined);
    });
  }

  // Expected texts written out, not computed by Intl: the day, the month, the wall-clock time there
  // and the zone's name (ICU may write a zone as its abbreviation or as GMT±h).
  const zones: [locale: string, timeZone: string, expected: RegExp][] = [
    ['en-GB', 'UTC', /^1 Jun 2030, 14:30 UTC$/],
    ['en-GB', 'Asia/Tokyo', /^1 Jun 2030, 23:30 (GMT\+9|JST)$/],
    ['en-GB', 'America/New_York', /^1 Jun 2030, 10:30 (GMT-4|EDT)$/],
    ['en-GB', 'Asia/Karachi', /^1 Jun 2030, 19:30 (GMT\+5|PKT)$/],
    ['en-GB', 'Pacific/Kiritimati', /^2 Jun 2030, 04:30 (GMT\+14|LINT)$/],
  ];
  for (const [locale, timeZone, expected] of zones) {
    it(`respects the timeZone option: ${timeZone} (${locale}) → ${expected.source}`, () => {
      expect(formatMaintenanceEnd(END, locale, timeZone)).to.match(expected);
    });
  }

  it('without a timeZone it shows the wall-clock time of the player’s own zone', () => {
    // The device's own hour and minute, by Date's local-time getters rather than by Intl.
    const local = new Date(END);
    const hm = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    expect(formatMaintenanceEnd(END, 'en-GB')).to.include(hm);
    expect(formatMaintenanceEnd(END, 'en-GB')).to.include(String(local.getFullYear()));
  });

  it('the locale is respected (Urdu and Chinese differ from English)', () => {
    const en = formatMaintenanceEnd(END, 'en', 'UTC');
    expect(formatMaintenanceEnd(END, 'ur', 'UTC')).to.not.equal(en);
    expect(formatMaintenanceEnd(END, 'zh-CN', 'UTC')).to.not.equal(en);
  });
});

describe('statusScreen precedence', () => {
  const rows: [label: string, patch: Partial<SiteStatus> | undefined, expected: string | undefined][] = [
    ['no status yet', undefined, undefined],
    ['neither', {}, undefined],
    ['maintenance only', { maintenance: true }, 'maintenance'],
    ['region restriction only', { regionRestriction: true }, 'accessDenied'],
    ['both: region restriction beats maintenance', { regionRestriction: true, maintenance: true }, 'accessDenied'],
  ];
  for (const [label, patch, expected] of rows) {
    it(`${label} → ${expected}`, () => {
      siteStatus.value = patch ? statusFixture(patch) : undefined;
      expect(statusScreen.value).to.equal(expected);
    });
  }
});
