/**
 * Games and lottery (issue 14; src/features/games, src/core/html/banners.ts):
 *
 * - the catalogue model (vendors.ts): category ordinals (100, 200, … along CATEGORY_ORDER; ELOTTO =
 *   ELOTT, SEA_LOTT = ELOTT + 5, VIETNAM_LOTTO = LOTT + 1), RNG and PVP merged into TCG, the sorting
 *   of any server order, unknown categories last in the server's order, display names, the vendor
 *   order, vendors without a card left out, and malformed values giving an empty or partial catalogue;
 * - the launch model (launch.ts): /m/launchGame's query, the launchGame payload per vendor, the launch
 *   language (VI by default for a lottery), the 150 ms delay and the 10 000 ms timeout (fake clock),
 *   its failures (bad URL, lost session with the please-login notice, the server's message), the
 *   conversion events, and the trial call (no Authorization);
 * - banner links (banners.ts): P, G and URL, and where following one leads;
 * - the catalogue view (GameCatalogue.tsx) and the game frame (GameFrame.tsx) rendered with a React
 *   root: chips, cards, "Try free"; the frame's phases, its 10 s load timeout, retry, the sandbox and
 *   the full-screen button. axe-core on both.
 *
 * A frame that "never loads" is a frame whose load event the test holds back (a capture listener
 * above the iframe stops it before React's own listener), so the 10 s timeout is decided by the fake
 * clock alone, whatever the real network does.
 */
import { expect } from 'chai';
import * as v from 'valibot';
import { createRoot, type Root } from 'react-dom/client';
import type { ReactNode } from 'react';
import type { Banner } from '../../src/contract/endpoints.ts';
import { launchGamePayload } from '../../src/contract/schemas.ts';
import { PLEASE_LOGIN_NOTICE } from '../../src/core/api/errors.ts';
import { bannerLink, followBanner, launchPath } from '../../src/core/html/banners.ts';
import { resetLinks } from '../../src/core/html/links.ts';
import { ensurePart, language, languageReady } from '../../src/core/i18n/i18n.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import { clearSession, saveSession, session } from '../../src/core/session/sessionInfo.ts';
import { setTrackingSink, type TrackPayload } from '../../src/core/tracking/track.ts';
import { GameCatalogue } from '../../src/features/games/GameCatalogue.tsx';
import { GameFrame, sandboxFor, type OpenResult } from '../../src/features/games/GameFrame.tsx';
import {
  GAME_LOAD_TIMEOUT_MS,
  LAUNCH_DELAY_MS,
  LAUNCH_TIMEOUT_MS,
  LOTTERY_VENDORS,
  SEA_LOTTO_MODE,
  checkBackUrl,
  launchFromQuery,
  launchGame,
  launchLanguage,
  launchPayload,
  launchTrial,
  type LaunchFailure,
  type LaunchRequest,
} from '../../src/features/games/launch.ts';
import { gamesStrings } from '../../src/features/games/locales/index.ts';
import {
  CATEGORY_ORDER,
  buildCatalogue,
  categoryOf,
  categoryOrdinals,
  ordinalOf,
  type Catalogue,
  type VendorEntry,
} from '../../src/features/games/vendors.ts';
import EN from '../../src/core/i18n/locales/EN.json';
import GAMES_EN from '../../src/features/games/locales/EN.json';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { expectAccessible, hang, json, sleep, stubFetch, waitFor, type FetchStub } from '../browser-helpers/helpers.ts';
import { fakeProperty } from '../browser-helpers/status.ts';

const LAUNCH = '/wps/game/launchGame';
const TRIAL = '/wps/relay/GCS_gameTrialLaunch';

let clock: FakeClock | undefined;
let stub: FetchStub | undefined;
let root: Root | undefined;
let holder: HTMLDivElement | undefined;
const undo: (() => void)[] = [];
const navigations: string[] = [];
const tracked: [string, TrackPayload][] = [];

function reset() {
  clock?.uninstall();
  clock = undefined;
  stub?.restore();
  stub = undefined;
  root?.unmount();
  root = undefined;
  holder?.remove();
  holder = undefined;
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
  resetLinks();
  localStorage.clear();
  sessionStorage.clear();
  language.value = 'EN';
}
before(async () => {
  language.value = 'EN';
  await languageReady();
  await ensurePart(gamesStrings);
});
beforeEach(reset);
afterEach(reset);

/** Renders React into a fresh holder in the document. */
function render(node: ReactNode): HTMLDivElement {
  holder = document.createElement('div');
  document.body.append(holder);
  root = createRoot(holder);
  root.render(node);
  return holder;
}
const q = <T extends Element = HTMLElement>(name: string) => holder!.querySelector<T>(`[part~="${name}"]`);
const texts = (selector: string) => Array.from(holder!.querySelectorAll(selector), (n) => n.textContent);

/** Records the conversion events. */
function recordTracking() {
  setTrackingSink((event, payload) => tracked.push([event, payload]));
}

/** Holds back every load event of an iframe below `node` (see the header). */
function holdFrameLoads(node: Node) {
  const stop = (e: Event) => {
    if (e.target instanceof HTMLIFrameElement) e.stopImmediatePropagation();
  };
  node.addEventListener('load', stop, true);
  const release = () => node.removeEventListener('load', stop, true);
  undo.push(release);
  return release;
}

// ---------------------------------------------------------------------------------------------
// The catalogue model
// ---------------------------------------------------------------------------------------------

describe('categoryOrdinals and ordinalOf', () => {
  const ordinals = categoryOrdinals();

  CATEGORY_ORDER.forEach((category, i) => {
    it(`${category}, number ${i + 1} of the order: ${(i + 1) * 100}`, () => {
      expect(ordinals[category]).to.equal((i + 1) * 100);
      expect(ordinalOf(category)).to.equal((i + 1) * 100);
    });
  });

  it('the order starts with LOTT at 100 and ELOTT at 200, then TCG', () => {
    expect(CATEGORY_ORDER.slice(0, 3)).to.deep.equal(['LOTT', 'ELOTT', 'TCG']);
  });

  const derived: [string, () => number][] = [
    ['ELOTTO is ELOTT', () => ordinals.ELOTT!],
    ['SEA_LOTT is ELOTT + 5', () => ordinals.ELOTT! + 5],
    ['VIETNAM_LOTTO is LOTT + 1', () => ordinals.LOTT! + 1],
  ];
  for (const [name, expected] of derived) {
    it(name, () => {
      const category = name.split(' ')[0]!;
      expect(ordinals[category]).to.equal(expected());
      expect(ordinalOf(category)).to.equal(expected());
    });
  }

  it('the derived ones as numbers: ELOTTO 200, SEA_LOTT 205, VIETNAM_LOTTO 101', () => {
    expect([ordinals.ELOTTO, ordinals.SEA_LOTT, ordinals.VIETNAM_LOTTO]).to.deep.equal([200, 205, 101]);
  });

  it('knows exactly the categories of the order and the three derived ones', () => {
    expect(Object.keys(ordinals).sort()).to.deep.equal([...CATEGORY_ORDER, 'ELOTTO', 'SEA_LOTT', 'VIETNAM_LOTTO'].sort());
  });

  it('a fresh table each call (a caller may not change the next one)', () => {
    const a = categoryOrdinals();
    a.LOTT = 1;
    expect(categoryOrdinals().LOTT).to.equal(100);
    expect(ordinalOf('LOTT')).to.equal(100);
  });

  for (const type of ['RNG', 'PVP']) {
    it(`${type} counts as TCG and takes its ordinal`, () => {
      expect(categoryOf(type)).to.equal('TCG');
      expect(ordinalOf(type)).to.equal(ordinals.TCG);
    });
  }

  for (const type of ['TCG', 'SLOT', 'LOTT', 'NEW_THING']) {
    it(`${type} counts as itself`, () => expect(categoryOf(type)).to.equal(type));
  }

  // `constructor` and `toString` are names every object has: they must not read as known categories.
  for (const unknown of ['NEW_THING', 'MINI', 'rng', 'lott', 'constructor', 'toString', '__proto__']) {
    it(`an unknown category (${unknown}) comes after every known one`, () => {
      const max = Math.max(...Object.values(ordinals));
      const ordinal: unknown = ordinalOf(unknown);
      // typeof first: a failure message holding Object.prototype never reaches the runner.
      expect(typeof ordinal).to.equal('number');
      expect(ordinal).to.be.greaterThan(max);
      expect(ordinal).to.equal(ordinalOf('ANOTHER_UNKNOWN'));
    });
  }
});

type Card = Record<string, unknown>;
const card = (accountTypeName: string, displayName: string, extra: Card = {}): Card => ({
  accountTypeName,
  displayName,
  ...extra,
});
const entry = (category: string, vendors: string[], gameCount: number) => ({ category, vendors, gameCount });

/** One vendor per category (V_<category>), every category the order knows, the derived ones, RNG and PVP. */
const EVERY = [...CATEGORY_ORDER, 'VIETNAM_LOTTO', 'SEA_LOTT', 'RNG', 'PVP'];
const everyCards = EVERY.map((c) => card(`V_${c}`, `Vendor ${c}`));
/** The known categories in display order (ELOTTO left out: it ties with ELOTT, see its own test). */
const KNOWN_SORTED = ['LOTT', 'VIETNAM_LOTTO', 'ELOTT', 'SEA_LOTT', 'TCG', 'SPORTS', 'LIVE', 'SLOT', 'FISH', 'CHESS', 'ESPORTS'];

/** A small deterministic shuffle (mulberry32). */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('buildCatalogue: the order', () => {
  const classify = [
    ...EVERY.map((c, i) => entry(c, [`V_${c}`], i + 1)),
    entry('NEW_A', ['V_NEW_A'], 2),
    entry('NEW_B', ['V_NEW_B'], 3),
  ];
  const lanes = [{ title: 'All', cards: [...everyCards, card('V_NEW_A', 'New A'), card('V_NEW_B', 'New B')] }];

  const orders: [string, typeof classify][] = [
    ['as listed', classify],
    ['reversed', [...classify].reverse()],
    ...[1, 2, 3, 42, 2026, 99991].map((seed): [string, typeof classify] => [`shuffled (seed ${seed})`, shuffled(classify, seed)]),
  ];
  for (const [name, list] of orders) {
    it(`gameClassify ${name}: the known categories by ordinal, then the unknown ones in the server's order`, () => {
      const catalogue = buildCatalogue({ title: 'Games', lanes, gameClassify: list });
      const unknownInServerOrder = list.map((e) => e.category).filter((c) => c.startsWith('NEW_'));
      expect(catalogue.sortingList).to.deep.equal([...KNOWN_SORTED, ...unknownInServerOrder]);
      for (const c of catalogue.sortingList) {
        expect(catalogue.byCategory[c]!.ordinal, c).to.equal(ordinalOf(c));
        expect(catalogue.ordinals[c], c).to.equal(ordinalOf(c));
      }
    });
  }

  it('the demo data (server/games/catalogue.ts) in its shuffled order', () => {
    const catalogue = buildCatalogue({
      title: 'Games',
      lanes: [
        {
          title: 'Lottery',
          cards: [
            card('LOTT', 'WPS Lottery'),
            card('TCG_LOTTO_VN', 'Vietnam Lottery'),
            card('TCG_ELOTT', 'E-Lottery'),
            card('TCG_SEA', 'SEA Lottery'),
          ],
        },
        {
          title: 'Popular',
          cards: [card('TCG_RNG', 'TCG Slots'), card('PG', 'PG Soft'), card('JILI', 'JILI'), card('EVO', 'Live Casino')],
        },
        { title: 'More games', cards: [card('TCG_PVP', 'TCG Cards'), card('JDB', 'JDB Fishing'), card('SABA', 'SABA Sports')] },
      ],
      gameClassify: [
        entry('SLOT', ['PG', 'JILI'], 186),
        entry('SPORTS', ['SABA'], 12),
        entry('LOTT', ['LOTT'], 3),
        entry('PVP', ['TCG_PVP'], 24),
        entry('LIVE', ['EVO'], 38),
        entry('VIETNAM_LOTTO', ['TCG_LOTTO_VN'], 3),
        entry('FISH', ['JDB'], 15),
        entry('RNG', ['TCG_RNG'], 64),
        entry('SEA_LOTT', ['TCG_SEA'], 3),
        entry('ELOTT', ['TCG_ELOTT'], 3),
      ],
    });
    expect(catalogue.sortingList).to.deep.equal([
      'LOTT',
      'VIETNAM_LOTTO',
      'ELOTT',
      'SEA_LOTT',
      'TCG',
      'SPORTS',
      'LIVE',
      'SLOT',
      'FISH',
    ]);
    expect(catalogue.vendorOrder).to.deep.equal([
      'LOTT',
      'TCG_LOTTO_VN',
      'TCG_ELOTT',
      'TCG_SEA',
      'TCG_PVP',
      'TCG_RNG',
      'SABA',
      'EVO',
      'PG',
      'JILI',
      'JDB',
    ]);
    expect(catalogue.byCategory.TCG!.gameCount).to.equal(88);
    expect(catalogue.ordinals).to.deep.equal({
      LOTT: 100,
      VIETNAM_LOTTO: 101,
      ELOTT: 200,
      SEA_LOTT: 205,
      TCG: 300,
      SPORTS: 400,
      LIVE: 500,
      SLOT: 600,
      FISH: 700,
    });
  });

  for (const first of ['ELOTT', 'ELOTTO']) {
    it(`ELOTT and ELOTTO share an ordinal: the server's order decides (${first} first)`, () => {
      const both = first === 'ELOTT' ? ['ELOTT', 'ELOTTO'] : ['ELOTTO', 'ELOTT'];
      const catalogue = buildCatalogue({
        lanes: [{ cards: [card('A', 'A'), card('B', 'B'), card('L', 'L')] }],
        gameClassify: [entry('SLOT', ['L'], 1), entry(both[0]!, ['A'], 1), entry(both[1]!, ['B'], 1)],
      });
      expect(catalogue.sortingList).to.deep.equal([...both, 'SLOT']);
    });
  }

  it('a category that is no upper-case code (toString, constructor, __proto__, lottery) is left out, the rest unharmed', () => {
    const catalogue = buildCatalogue({
      lanes: [{ cards: [card('A', 'A'), card('B', 'B'), card('C', 'C'), card('D', 'D'), card('E', 'E'), card('F', 'F')] }],
      gameClassify: [
        entry('toString', ['A'], 1),
        entry('SLOT', ['B'], 1),
        entry('constructor', ['C'], 1),
        entry('LOTT', ['D'], 1),
        entry('__proto__', ['E'], 1),
        entry('lottery', ['F'], 1),
      ],
    });
    expect(catalogue.sortingList).to.deep.equal(['LOTT', 'SLOT']);
    expect(Object.keys(catalogue.byCategory)).to.have.members(['LOTT', 'SLOT']);
    expect(Object.getPrototypeOf(catalogue.byCategory)).to.equal(Object.prototype);
    expect(catalogue.vendorOrder).to.deep.equal(['D', 'B']);
  });
});

describe('buildCatalogue: RNG and PVP are TCG', () => {
  const lanes = [
    { cards: [card('TCG_RNG', 'TCG Slots'), card('TCG_PVP', 'TCG Cards'), card('TCG_MAIN', 'TCG'), card('PG', 'PG Soft')] },
  ];

  it('RNG and PVP merge into one TCG category: counts summed, vendors kept in the server order', () => {
    const catalogue = buildCatalogue({
      lanes,
      gameClassify: [entry('RNG', ['TCG_RNG'], 64), entry('SLOT', ['PG'], 5), entry('PVP', ['TCG_PVP'], 24)],
    });
    expect(catalogue.sortingList).to.deep.equal(['TCG', 'SLOT']);
    expect(Object.keys(catalogue.byCategory).sort()).to.deep.equal(['SLOT', 'TCG']);
    const tcg = catalogue.byCategory.TCG!;
    expect(tcg.category).to.equal('TCG');
    expect(tcg.gameCount).to.equal(88);
    expect(tcg.ordinal).to.equal(300);
    expect(tcg.vendors.map((v) => v.accountTypeName)).to.deep.equal(['TCG_RNG', 'TCG_PVP']);
    expect(catalogue.ordinals).to.deep.equal({ TCG: 300, SLOT: 600 });
  });

  it('with a TCG category of its own too: all three in one, each vendor once', () => {
    const catalogue = buildCatalogue({
      lanes,
      gameClassify: [
        entry('PVP', ['TCG_PVP'], 10),
        entry('TCG', ['TCG_MAIN', 'TCG_PVP'], 7),
        entry('RNG', ['TCG_RNG', 'TCG_MAIN'], 3),
      ],
    });
    expect(catalogue.sortingList).to.deep.equal(['TCG']);
    expect(catalogue.byCategory.TCG!.gameCount).to.equal(20);
    expect(catalogue.byCategory.TCG!.vendors.map((v) => v.accountTypeName)).to.deep.equal(['TCG_PVP', 'TCG_MAIN', 'TCG_RNG']);
    expect(catalogue.vendorOrder).to.deep.equal(['TCG_PVP', 'TCG_MAIN', 'TCG_RNG']);
  });
});

describe('buildCatalogue: vendors, names and cards', () => {
  it('display names from the lane cards; without one, the account type', () => {
    const catalogue = buildCatalogue({
      lanes: [
        {
          cards: [
            card('PG', 'PG Soft'),
            card('JILI', ''),
            card('JDB', '   '),
            { accountTypeName: 'EVO' },
            { accountTypeName: 'SABA', displayName: 7 },
          ],
        },
      ],
      gameClassify: [entry('SLOT', ['PG', 'JILI', 'JDB', 'EVO', 'SABA'], 9)],
    });
    expect(catalogue.byCategory.SLOT!.vendors.map((v) => v.displayName)).to.deep.equal(['PG Soft', 'JILI', 'JDB', 'EVO', 'SABA']);
    expect(catalogue.displayNames).to.deep.equal({ PG: 'PG Soft', JILI: 'JILI', JDB: 'JDB', EVO: 'EVO', SABA: 'SABA' });
  });

  it('a card in two lanes: the first one counts', () => {
    const catalogue = buildCatalogue({
      lanes: [{ cards: [card('PG', 'PG Soft')] }, { cards: [card('PG', 'Other name', { trial: { gameId: 'X' } })] }],
      gameClassify: [entry('SLOT', ['PG'], 1)],
    });
    expect(catalogue.byCategory.SLOT!.vendors).to.deep.equal([
      { accountTypeName: 'PG', displayName: 'PG Soft', imageUrl: null, trial: null },
    ]);
  });

  it('the picture and the trial pass through; a trial without a game id is none', () => {
    const catalogue = buildCatalogue({
      lanes: [
        {
          cards: [
            card('PG', 'PG Soft', { imageUrl: '/games/img/pg.svg', trial: { gameId: 'PG_OX', nodeId: '1' } }),
            card('JILI', 'JILI', { trial: { gameId: '' } }),
            card('JDB', 'JDB', { trial: null, imageUrl: null }),
            card('EVO', 'EVO', { trial: { nodeId: '2' } }),
          ],
        },
      ],
      gameClassify: [entry('SLOT', ['PG', 'JILI', 'JDB', 'EVO'], 4)],
    });
    expect(catalogue.byCategory.SLOT!.vendors).to.deep.equal([
      { accountTypeName: 'PG', displayName: 'PG Soft', imageUrl: '/games/img/pg.svg', trial: { gameId: 'PG_OX', nodeId: '1' } },
      { accountTypeName: 'JILI', displayName: 'JILI', imageUrl: null, trial: null },
      { accountTypeName: 'JDB', displayName: 'JDB', imageUrl: null, trial: null },
      { accountTypeName: 'EVO', displayName: 'EVO', imageUrl: null, trial: null },
    ]);
  });

  it('the vendor order: each vendor once, where its first category shows it; vendors in a category in the server order', () => {
    const catalogue = buildCatalogue({
      lanes: [{ cards: [card('PG', 'PG'), card('JILI', 'JILI'), card('LOTT', 'Lottery'), card('JDB', 'JDB')] }],
      gameClassify: [entry('FISH', ['JDB', 'JILI'], 2), entry('SLOT', ['JILI', 'PG', 'JILI'], 2), entry('LOTT', ['LOTT'], 1)],
    });
    expect(catalogue.sortingList).to.deep.equal(['LOTT', 'SLOT', 'FISH']);
    expect(catalogue.byCategory.SLOT!.vendors.map((v) => v.accountTypeName)).to.deep.equal(['JILI', 'PG']);
    expect(catalogue.byCategory.FISH!.vendors.map((v) => v.accountTypeName)).to.deep.equal(['JDB', 'JILI']);
    expect(catalogue.vendorOrder).to.deep.equal(['LOTT', 'JILI', 'PG', 'JDB']);
  });

  it('a vendor without a card is left out; a category left with no vendor is left out', () => {
    const catalogue = buildCatalogue({
      lanes: [{ cards: [card('PG', 'PG Soft')] }],
      gameClassify: [entry('SLOT', ['GHOST', 'PG'], 10), entry('LIVE', ['NOBODY', 'NONE'], 40), entry('NEW_X', [], 3)],
    });
    expect(catalogue.sortingList).to.deep.equal(['SLOT']);
    expect(Object.keys(catalogue.byCategory)).to.deep.equal(['SLOT']);
    expect(catalogue.ordinals).to.deep.equal({ SLOT: 600 });
    expect(catalogue.byCategory.SLOT!.vendors.map((v) => v.accountTypeName)).to.deep.equal(['PG']);
    expect(catalogue.byCategory.SLOT!.gameCount, 'the category count is the server’s').to.equal(10);
    expect(catalogue.vendorOrder).to.deep.equal(['PG']);
    expect(catalogue.displayNames).to.deep.equal({ PG: 'PG Soft' });
  });

  it('the title: the server’s, or empty', () => {
    expect(buildCatalogue({ title: 'Games', lanes: [], gameClassify: [] }).title).to.equal('Games');
    expect(buildCatalogue({ title: '  ', lanes: [], gameClassify: [] }).title).to.equal('');
    expect(buildCatalogue({ title: 5, lanes: [], gameClassify: [] }).title).to.equal('');
  });
});

describe('buildCatalogue: malformed values', () => {
  const EMPTY: Catalogue = { title: '', sortingList: [], byCategory: {}, vendorOrder: [], displayNames: {}, ordinals: {} };
  const empty: [string, unknown][] = [
    ['null', null],
    ['undefined', undefined],
    ['a string', 'GCSGAME'],
    ['a number', 42],
    ['true', true],
    ['an array', [{ lanes: [] }]],
    ['an empty object', {}],
    ['lanes not an array', { lanes: 'PG', gameClassify: [entry('SLOT', ['PG'], 1)] }],
    ['lanes an object', { lanes: { cards: [card('PG', 'PG')] }, gameClassify: [entry('SLOT', ['PG'], 1)] }],
    ['gameClassify not an array', { lanes: [{ cards: [card('PG', 'PG')] }], gameClassify: { SLOT: ['PG'] } }],
    ['gameClassify null', { lanes: [{ cards: [card('PG', 'PG')] }], gameClassify: null }],
    ['cards not an array', { lanes: [{ cards: 'PG' }, { cards: null }, {}], gameClassify: [entry('SLOT', ['PG'], 1)] }],
    [
      'vendors not an array',
      { lanes: [{ cards: [card('PG', 'PG')] }], gameClassify: [{ category: 'SLOT', vendors: 'PG', gameCount: 1 }] },
    ],
  ];
  for (const [name, value] of empty) {
    it(`${name}: an empty catalogue, no throw`, () => {
      expect(buildCatalogue(value)).to.deep.equal(EMPTY);
    });
  }

  it('broken lanes, cards and entries among good ones: the good ones stay', () => {
    const catalogue = buildCatalogue({
      lanes: [
        null,
        7,
        {
          cards: [
            null,
            7,
            'PG',
            { displayName: 'no type' },
            { accountTypeName: '' },
            { accountTypeName: '  ' },
            { accountTypeName: 9 },
          ],
        },
        { cards: [card('PG', 'PG Soft'), card('EVO', 'Evolution')] },
      ],
      gameClassify: [
        null,
        'SLOT',
        5,
        { category: 7, vendors: ['PG'] },
        { category: '', vendors: ['PG'] },
        { vendors: ['EVO'] },
        entry('SLOT', ['PG'], 3),
        { category: 'LIVE', vendors: [null, 3, '', 'EVO', 'EVO'] },
      ],
    });
    expect(catalogue.sortingList).to.deep.equal(['LIVE', 'SLOT']);
    expect(catalogue.byCategory.SLOT!.vendors.map((v) => v.accountTypeName)).to.deep.equal(['PG']);
    expect(catalogue.byCategory.LIVE!.vendors.map((v) => v.accountTypeName)).to.deep.equal(['EVO']);
    expect(catalogue.byCategory.LIVE!.gameCount, 'no gameCount: 0').to.equal(0);
    expect(catalogue.vendorOrder).to.deep.equal(['EVO', 'PG']);
  });

  const counts: [string, unknown, number][] = [
    ['negative', -5, 0],
    ['NaN', Number.NaN, 0],
    ['Infinity', Number.POSITIVE_INFINITY, 0],
    ['null', null, 0],
    ['a word', 'many', 0],
    ['a fraction', 2.9, 2],
    ['zero', 0, 0],
    ['a positive number', 12, 12],
  ];
  for (const [name, gameCount, expected] of counts) {
    it(`gameCount ${name}: ${expected}, added to the other entries of its category`, () => {
      const catalogue = buildCatalogue({
        lanes: [{ cards: [card('PG', 'PG')] }],
        gameClassify: [{ category: 'SLOT', vendors: ['PG'], gameCount }, entry('SLOT', ['PG'], 4)],
      });
      expect(catalogue.byCategory.SLOT!.gameCount).to.equal(expected + 4);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// The launch model
// ---------------------------------------------------------------------------------------------

describe('launchFromQuery (/m/launchGame)', () => {
  const none = { prizeMode: undefined, code: undefined, playType: undefined, nodeId: undefined, backUrl: undefined };
  const rows: [string, string, LaunchRequest | undefined][] = [
    [
      'prize_mode alone is the operator’s lottery (LOTT), at its lobby',
      '?prize_mode=VN_HANOI',
      { ...none, vendor: 'LOTT', prizeMode: 'VN_HANOI', lottoView: 'lobby' },
    ],
    [
      'prize_mode with a code: LOTT, the betting view',
      'prize_mode=VN_HANOI&code=HN5',
      { ...none, vendor: 'LOTT', prizeMode: 'VN_HANOI', code: 'HN5', lottoView: 'betting' },
    ],
    [
      'a vendor and a prize mode: the vendor',
      '?vendor=TCG_LOTTO_VN&prize_mode=VN_HANOI',
      { ...none, vendor: 'TCG_LOTTO_VN', prizeMode: 'VN_HANOI', lottoView: 'lobby' },
    ],
    [
      'a vendor with a code: the betting view',
      '?vendor=PG&code=FORTUNE_OX',
      { ...none, vendor: 'PG', code: 'FORTUNE_OX', lottoView: 'betting' },
    ],
    ['a vendor without a code: the lobby', '?vendor=PG', { ...none, vendor: 'PG', lottoView: 'lobby' }],
    [
      'an explicit lobby wins over a code',
      '?vendor=LOTT&code=HN5&lottoView=lobby',
      { ...none, vendor: 'LOTT', code: 'HN5', lottoView: 'lobby' },
    ],
    [
      'an explicit betting view wins without a code',
      '?vendor=LOTT&lottoView=betting',
      { ...none, vendor: 'LOTT', lottoView: 'betting' },
    ],
    [
      'an unknown lottoView is ignored',
      '?vendor=PG&code=X1&lottoView=Lobby',
      { ...none, vendor: 'PG', code: 'X1', lottoView: 'betting' },
    ],
    [
      'every field',
      '?vendor=TCG_SEA&prize_mode=SEA_1&code=G-7&playType=P_2&nodeId=13&lottoView=betting&backUrl=%2Fm%2Fgame',
      {
        vendor: 'TCG_SEA',
        prizeMode: 'SEA_1',
        code: 'G-7',
        playType: 'P_2',
        nodeId: '13',
        lottoView: 'betting',
        backUrl: '/m/game',
      },
    ],
    [
      'fields that are not codes are dropped',
      '?vendor=PG&code=a%3Cb%3E&playType=x%20y&nodeId=1%3B2',
      { ...none, vendor: 'PG', lottoView: 'lobby' },
    ],
    [
      'a code of 64 characters is one',
      `?vendor=PG&code=${'a'.repeat(64)}`,
      { ...none, vendor: 'PG', code: 'a'.repeat(64), lottoView: 'betting' },
    ],
    ['a code of 65 characters is not', `?vendor=PG&code=${'a'.repeat(65)}`, { ...none, vendor: 'PG', lottoView: 'lobby' }],
    [
      'a vendor that is no code, with a prize mode: LOTT',
      '?vendor=%3Cscript%3E&prize_mode=VN_1',
      { ...none, vendor: 'LOTT', prizeMode: 'VN_1', lottoView: 'lobby' },
    ],
    ['no vendor: nothing to launch', '?code=HN5&lottoView=betting', undefined],
    ['an empty query: nothing to launch', '', undefined],
    ['a prize mode that is no code and no vendor: nothing', '?prize_mode=VN%20HANOI', undefined],
    ['a vendor that is no code and no prize mode: nothing', '?vendor=P.G', undefined],
  ];
  for (const [name, search, expected] of rows) {
    it(name, () => {
      expect(launchFromQuery(search)).to.deep.equal(expected);
    });
  }

  const backUrls: [string, () => string, () => string | undefined][] = [
    ['an /m path is kept', () => '/m/home', () => '/m/home'],
    ['an /m path keeps its query', () => '/m/activity?id=3', () => '/m/activity?id=3'],
    ['/m alone is kept', () => '/m', () => '/m'],
    ['/m/../x is refused (it is no /m path)', () => '/m/../x', () => undefined],
    ['/mall is no /m path: a page of this origin, as a full URL', () => '/mall', () => `${location.origin}/mall`],
    ['javascript: is dropped', () => 'javascript:alert(1)', () => undefined],
    ['java\\tscript: is dropped', () => 'java\tscript:alert(1)', () => undefined],
    ['data: is dropped', () => 'data:text/html,<script>alert(1)</script>', () => undefined],
    ['//evil.example is dropped', () => '//evil.example/m/home', () => undefined],
    ['https://evil.example is dropped', () => 'https://evil.example/m/home', () => undefined],
    ['a look-alike host is dropped', () => `https://${location.hostname}.evil.example/promo`, () => undefined],
    ['this page’s own origin is kept', () => `${location.origin}/promo?x=1`, () => `${location.origin}/promo?x=1`],
    ['this page’s own /m as a full URL: the path', () => `${location.origin}/m/game?x=1`, () => '/m/game?x=1'],
    ['a relative path outside /m is dropped', () => 'promo', () => undefined],
  ];
  for (const [name, raw, expected] of backUrls) {
    it(`backUrl: ${name}`, () => {
      expect(launchFromQuery(`?vendor=PG&backUrl=${encodeURIComponent(raw())}`)!.backUrl).to.equal(expected());
      expect(checkBackUrl(raw())).to.equal(expected());
    });
  }

  it('checkBackUrl of nothing is nothing', () => {
    expect(checkBackUrl(undefined)).to.equal(undefined);
    expect(checkBackUrl(null)).to.equal(undefined);
    expect(checkBackUrl('')).to.equal(undefined);
  });

  it('an own-domain backUrl never carries the player’s token', () => {
    saveSession({ token: 'tok-back', merchantCode: 'DEMO01', type: 0 });
    expect(checkBackUrl(`${location.origin}/promo`)).to.equal(`${location.origin}/promo`);
  });
});

describe('launchPayload (POST /wps/game/launchGame)', () => {
  const req = (vendor: string, lottoView: 'betting' | 'lobby' = 'betting'): LaunchRequest => ({
    vendor,
    prizeMode: 'VN_HANOI',
    code: 'HN5',
    playType: 'P1',
    nodeId: '7',
    lottoView,
    backUrl: '/m/game',
  });
  const extra = { language: 'VI', title: 'Lucky', labelName: 'Gold' };
  const common = {
    lottoView: 'betting',
    lottoGameCode: 'HN5',
    device: 'MOBILE',
    backUrl: '/m/game',
    language: 'VI',
    title: 'Lucky',
    labelName: 'Gold',
    playType: 'P1',
    nodeId: '7',
  };
  /** What goes on the wire (undefined fields are not sent). */
  const wire = (x: unknown) => JSON.parse(JSON.stringify(x)) as Record<string, unknown>;

  const rows: [string, LaunchRequest, Record<string, unknown>][] = [
    [
      'LOTT: launchMode LOTT and the prize mode',
      req('LOTT'),
      { ...common, vendor: 'LOTT', hasLobby: true, launchMode: 'LOTT', lottoPrizeMode: 'VN_HANOI' },
    ],
    [
      'TCG_LOTTO_VN: launchMode LOTT, lottoArea VN, the prize mode',
      req('TCG_LOTTO_VN'),
      { ...common, vendor: 'TCG_LOTTO_VN', hasLobby: true, launchMode: 'LOTT', lottoArea: 'VN', lottoPrizeMode: 'VN_HANOI' },
    ],
    [
      'TCG_SEA: lottoMode SEA_Tradition_Mobile, lottoArea SEA',
      req('TCG_SEA'),
      { ...common, vendor: 'TCG_SEA', hasLobby: true, lottoArea: 'SEA', lottoMode: 'SEA_Tradition_Mobile' },
    ],
    ['a non-lottery vendor: no lottery fields; no lobby for a game', req('PG'), { ...common, vendor: 'PG', hasLobby: false }],
    [
      'a non-lottery vendor at its lobby: hasLobby',
      req('PG', 'lobby'),
      { ...common, lottoView: 'lobby', vendor: 'PG', hasLobby: true },
    ],
    [
      'LOTT at its lobby',
      req('LOTT', 'lobby'),
      { ...common, lottoView: 'lobby', vendor: 'LOTT', hasLobby: true, launchMode: 'LOTT', lottoPrizeMode: 'VN_HANOI' },
    ],
  ];
  for (const [name, request, expected] of rows) {
    it(name, () => {
      const payload = launchPayload(request, extra);
      expect(wire(payload)).to.deep.equal(expected);
      const parsed = v.safeParse(launchGamePayload, payload);
      expect(parsed.success, 'the server’s schema takes it').to.equal(true);
    });
  }

  it('the constants: the SEA mode, and the lottery vendors', () => {
    expect(SEA_LOTTO_MODE).to.equal('SEA_Tradition_Mobile');
    expect([...LOTTERY_VENDORS].sort()).to.deep.equal(['LOTT', 'TCG_LOTTO_VN', 'TCG_SEA']);
  });

  it('nothing optional: only the vendor, the view, MOBILE, hasLobby and the language', () => {
    const payload = launchPayload({ vendor: 'EVO', lottoView: 'lobby' }, { language: 'EN' });
    expect(wire(payload)).to.deep.equal({ vendor: 'EVO', lottoView: 'lobby', device: 'MOBILE', hasLobby: true, language: 'EN' });
    expect(v.safeParse(launchGamePayload, payload).success).to.equal(true);
  });
});

describe('launchLanguage', () => {
  const store = (code: string) => localStorage.setItem('wps:language', JSON.stringify(code));

  for (const vendor of ['LOTT', 'TCG_SEA', 'TCG_LOTTO_VN']) {
    it(`${vendor}, nothing stored, no browser language the app knows: VI`, () => {
      language.value = 'CN';
      expect(launchLanguage(vendor, ['xx-YY', 'qq'])).to.equal('VI');
      expect(launchLanguage(vendor, [])).to.equal('VI');
    });
  }

  it('a lottery with a stored choice: the current language', () => {
    store('TH');
    language.value = 'TH';
    expect(launchLanguage('LOTT', [])).to.equal('TH');
  });

  it('a lottery with a stored CN: CN (a choice, not the default)', () => {
    store('CN');
    language.value = 'CN';
    expect(launchLanguage('LOTT', [])).to.equal('CN');
  });

  it('a lottery with a browser language the app knows: the current language', () => {
    language.value = 'EN';
    expect(launchLanguage('LOTT', ['xx', 'en-US'])).to.equal('EN');
    language.value = 'TW';
    expect(launchLanguage('TCG_SEA', ['zh-TW'])).to.equal('TW');
  });

  it('a stored value that is no language counts as nothing stored', () => {
    store('XX');
    language.value = 'CN';
    expect(launchLanguage('LOTT', ['qq'])).to.equal('VI');
  });

  for (const vendor of ['PG', 'EVO', 'LOTTO', 'lott']) {
    it(`${vendor} (no lottery), nothing stored, no browser language: the current language, not VI`, () => {
      language.value = 'CN';
      expect(launchLanguage(vendor, [])).to.equal('CN');
      language.value = 'EN';
      expect(launchLanguage(vendor, ['xx'])).to.equal('EN');
    });
  }

  it('by default the browser’s own languages', () => {
    language.value = 'CN';
    undo.push(fakeProperty(navigator, 'languages', () => ['xx-YY']));
    expect(launchLanguage('LOTT')).to.equal('VI');
    undo.pop()!();
    undo.push(fakeProperty(navigator, 'languages', () => ['th-TH']));
    expect(launchLanguage('LOTT')).to.equal('CN');
  });
});

describe('launchGame: the delay, the timeout and the answers', () => {
  const LOTT: LaunchRequest = { vendor: 'LOTT', prizeMode: 'VN_HANOI', code: 'HN5', lottoView: 'betting', backUrl: '/m/game' };
  const GAME_URL = 'https://games.example.test/lott?t=1';

  function member(token = 'tok-member') {
    saveSession({ token, merchantCode: 'DEMO01', userName: 'player1', type: 0 });
  }
  /** Runs launchGame under a fake clock; `settled` says whether it has finished. */
  function start(req: LaunchRequest = LOTT, extra = {}, signal?: AbortSignal) {
    clock ??= installClock();
    const state: { settled: boolean; result?: Awaited<ReturnType<typeof launchGame>>; error?: unknown } = { settled: false };
    const promise = launchGame(req, extra, signal).then(
      (r) => {
        state.result = r;
        state.settled = true;
      },
      (e: unknown) => {
        state.error = e;
        state.settled = true;
      },
    );
    return { state, promise };
  }

  it(`no request before ${LAUNCH_DELAY_MS} ms, one at ${LAUNCH_DELAY_MS} ms`, async () => {
    expect(LAUNCH_DELAY_MS).to.equal(150);
    member();
    stub = stubFetch(() => json({ success: true, value: { gameUrl: GAME_URL } }));
    const { state } = start();
    await clock!.tickAsync(LAUNCH_DELAY_MS - 1);
    await sleep(20);
    expect(stub.calls, `nothing at ${LAUNCH_DELAY_MS - 1} ms`).to.have.length(0);
    await clock!.tickAsync(1);
    await waitFor(() => expect(stub!.to(LAUNCH)).to.have.length(1));
    await waitFor(() => expect(state.settled).to.equal(true));
    expect(stub.calls).to.have.length(1);
    const sent = stub.calls[0]!;
    expect(sent.method).to.equal('POST');
    expect(sent.headers.get('Authorization')).to.equal('tok-member');
    expect(JSON.parse(sent.body!)).to.deep.equal(
      JSON.parse(JSON.stringify(launchPayload(LOTT, { language: launchLanguage('LOTT') }))),
    );
    expect(state.result).to.deep.equal({ ok: true, launch: { gameUrl: GAME_URL }, url: GAME_URL });
  });

  it('the title and label name go with the payload', async () => {
    member();
    stub = stubFetch(() => json({ success: true, value: { gameUrl: GAME_URL } }));
    const { state } = start(LOTT, { title: 'Lucky', labelName: 'Gold' });
    await clock!.tickAsync(LAUNCH_DELAY_MS);
    await waitFor(() => expect(state.settled).to.equal(true));
    const body = JSON.parse(stub.to(LAUNCH)[0]!.body!) as Record<string, unknown>;
    expect([body.title, body.labelName, body.launchMode, body.lottoPrizeMode]).to.deep.equal([
      'Lucky',
      'Gold',
      'LOTT',
      'VN_HANOI',
    ]);
  });

  it('the page gone during the delay: no request at all', async () => {
    member();
    stub = stubFetch(() => json({ success: true, value: { gameUrl: GAME_URL } }));
    const controller = new AbortController();
    const { state } = start(LOTT, {}, controller.signal);
    await clock!.tickAsync(LAUNCH_DELAY_MS / 2);
    controller.abort(new DOMException('gone', 'AbortError'));
    await waitFor(() => expect(state.settled).to.equal(true));
    await clock!.tickAsync(LAUNCH_DELAY_MS * 2);
    await sleep(20);
    expect(stub.calls).to.have.length(0);
    expect((state.error as DOMException).name).to.equal('AbortError');
  });

  it(`a hanging answer: { kind: 'timeout' } at ${LAUNCH_TIMEOUT_MS} ms after the request, not before; no notice`, async () => {
    expect(LAUNCH_TIMEOUT_MS).to.equal(10_000);
    member();
    recordTracking();
    stub = stubFetch(hang);
    const { state } = start();
    await clock!.tickAsync(LAUNCH_DELAY_MS);
    await waitFor(() => expect(stub!.to(LAUNCH)).to.have.length(1));
    await clock!.tickAsync(LAUNCH_TIMEOUT_MS - 1);
    await sleep(20);
    expect(state.settled, `still waiting at ${LAUNCH_TIMEOUT_MS - 1} ms`).to.equal(false);
    await clock!.tickAsync(1);
    await waitFor(() => expect(state.settled).to.equal(true));
    expect(state.result).to.deep.equal({ ok: false, failure: { kind: 'timeout' } });
    expect(notices.value, 'the page shows the timeout itself').to.deep.equal([]);
    expect(tracked).to.deep.equal([]);
    expect(session.value?.token, 'a timeout keeps the session').to.equal('tok-member');
  });

  const badUrls: [string, unknown][] = [
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['data:text/html,…', 'data:text/html,<script>alert(1)</script>'],
    ['//evil.example', '//evil.example/game'],
    ['none', undefined],
  ];
  for (const [name, gameUrl] of badUrls) {
    it(`a gameUrl of ${name}: bad-url, not tracked`, async () => {
      member();
      recordTracking();
      stub = stubFetch(() => json({ success: true, value: { gameUrl } }));
      const { state } = start();
      await clock!.tickAsync(LAUNCH_DELAY_MS);
      await waitFor(() => expect(state.settled).to.equal(true));
      expect(state.result).to.deep.equal({ ok: false, failure: { kind: 'bad-url' } });
      expect(tracked).to.deep.equal([]);
    });
  }

  it('no value at all: bad-url', async () => {
    member();
    stub = stubFetch(() => json({ success: true, value: null }));
    const { state } = start();
    await clock!.tickAsync(LAUNCH_DELAY_MS);
    await waitFor(() => expect(state.settled).to.equal(true));
    expect(state.result).to.deep.equal({ ok: false, failure: { kind: 'bad-url' } });
  });

  it('a 401: session, the session ends with the please-login notice', async () => {
    member();
    recordTracking();
    stub = stubFetch(() => json({ success: false, errorCode: 'CUSTOMER_NOT_LOGIN' }, 401));
    const { state } = start();
    await clock!.tickAsync(LAUNCH_DELAY_MS);
    await waitFor(() => expect(state.settled).to.equal(true));
    expect(state.result).to.deep.equal({ ok: false, failure: { kind: 'session' } });
    expect(notices.value.map((n) => n.id)).to.deep.equal([PLEASE_LOGIN_NOTICE]);
    expect(session.value).to.equal(undefined);
    expect(tracked).to.deep.equal([]);
  });

  it('a session code with a 200: session too', async () => {
    member();
    stub = stubFetch(() => json({ success: false, errorCode: 'user.or.token.invalid' }));
    const { state } = start();
    await clock!.tickAsync(LAUNCH_DELAY_MS);
    await waitFor(() => expect(state.settled).to.equal(true));
    expect(state.result).to.deep.equal({ ok: false, failure: { kind: 'session' } });
    expect(notices.value.map((n) => n.id)).to.deep.equal([PLEASE_LOGIN_NOTICE]);
  });

  it('another refusal: failed with the server’s message, quietly (the page shows it)', async () => {
    member();
    stub = stubFetch(() => json({ success: false, errorCode: 'game.maintenance', message: 'Under maintenance' }));
    const { state } = start();
    await clock!.tickAsync(LAUNCH_DELAY_MS);
    await waitFor(() => expect(state.settled).to.equal(true));
    expect(state.result).to.deep.equal({ ok: false, failure: { kind: 'failed', message: 'Under maintenance' } });
    expect(notices.value).to.deep.equal([]);
    expect(session.value?.token).to.equal('tok-member');
  });

  it('success: the gameLaunch event exactly once, with the vendor and the game code', async () => {
    member();
    recordTracking();
    stub = stubFetch(() => json({ success: true, value: { gameUrl: GAME_URL, vendor: 'LOTT' } }));
    const { state } = start();
    await clock!.tickAsync(LAUNCH_DELAY_MS);
    await waitFor(() => expect(state.settled).to.equal(true));
    await clock!.tickAsync(LAUNCH_TIMEOUT_MS * 2);
    expect(state.result).to.deep.equal({ ok: true, launch: { gameUrl: GAME_URL, vendor: 'LOTT' }, url: GAME_URL });
    expect(tracked).to.deep.equal([['gameLaunch', { vendor: 'LOTT', gameCode: 'HN5' }]]);
  });

  it('a broken tracking sink does not break the launch', async () => {
    member();
    setTrackingSink(() => {
      throw new Error('pixel down');
    });
    stub = stubFetch(() => json({ success: true, value: { gameUrl: GAME_URL } }));
    const { state } = start();
    await clock!.tickAsync(LAUNCH_DELAY_MS);
    await waitFor(() => expect(state.settled).to.equal(true));
    expect(state.result).to.deep.include({ ok: true, url: GAME_URL });
  });
});

describe('launchTrial (GCS_gameTrialLaunch)', () => {
  const TRIAL_URL = 'https://demo.example.test/pg/ox?lang=en';

  it('GET with gameId, nodeId and platform html5; no Authorization even with a session; startTrial once', async () => {
    saveSession({ token: 'tok-member', merchantCode: 'DEMO01', userName: 'player1', type: 0 });
    recordTracking();
    stub = stubFetch(() => json({ success: true, value: { gameUrl: TRIAL_URL } }));
    const result = await launchTrial('PG_OX', '1');
    expect(result).to.deep.equal({ ok: true, url: TRIAL_URL });
    expect(stub.to(TRIAL)).to.have.length(1);
    const sent = stub.to(TRIAL)[0]!;
    expect(sent.method).to.equal('GET');
    expect(Object.fromEntries(sent.url.searchParams)).to.deep.equal({ gameId: 'PG_OX', nodeId: '1', platform: 'html5' });
    expect(sent.headers.has('Authorization')).to.equal(false);
    expect(tracked).to.deep.equal([['startTrial', { gameId: 'PG_OX' }]]);
  });

  it('a node that is no code is not sent', async () => {
    stub = stubFetch(() => json({ success: true, value: { gameUrl: TRIAL_URL } }));
    await launchTrial('PG_OX', '1;2');
    expect(stub.to(TRIAL)[0]!.url.searchParams.has('nodeId')).to.equal(false);
  });

  for (const gameId of ['', 'a b', '<x>', 'x'.repeat(65)]) {
    it(`a game id that is no code (${JSON.stringify(gameId.slice(0, 8))}): failed, no request`, async () => {
      recordTracking();
      stub = stubFetch(() => json({ success: true, value: { gameUrl: TRIAL_URL } }));
      expect(await launchTrial(gameId, undefined)).to.deep.equal({ ok: false, failure: { kind: 'failed' } });
      expect(stub.calls).to.have.length(0);
      expect(tracked).to.deep.equal([]);
    });
  }

  it('javascript: as the URL: bad-url, not tracked', async () => {
    recordTracking();
    stub = stubFetch(() => json({ success: true, value: { gameUrl: 'javascript:alert(1)' } }));
    expect(await launchTrial('PG_OX', undefined)).to.deep.equal({ ok: false, failure: { kind: 'bad-url' } });
    expect(tracked).to.deep.equal([]);
  });

  it('a refusal: failed with the server’s message, no notice', async () => {
    stub = stubFetch(() => json({ success: false, errorCode: 'trial.closed', message: 'No demo today' }));
    expect(await launchTrial('PG_OX', undefined)).to.deep.equal({
      ok: false,
      failure: { kind: 'failed', message: 'No demo today' },
    });
    expect(notices.value).to.deep.equal([]);
  });

  it(`a hanging answer: timeout at ${LAUNCH_TIMEOUT_MS} ms, not before`, async () => {
    clock = installClock();
    stub = stubFetch(hang);
    let result: unknown;
    void launchTrial('PG_OX', undefined).then((r) => (result = r));
    await waitFor(() => expect(stub!.to(TRIAL)).to.have.length(1));
    await clock.tickAsync(LAUNCH_TIMEOUT_MS - 1);
    await sleep(20);
    expect(result).to.equal(undefined);
    await clock.tickAsync(1);
    await waitFor(() => expect(result).to.deep.equal({ ok: false, failure: { kind: 'timeout' } }));
  });
});

// ---------------------------------------------------------------------------------------------
// Banners
// ---------------------------------------------------------------------------------------------

describe('bannerLink and followBanner', () => {
  const banner = (patch: Partial<Banner>): Banner => ({ id: 'b1', groupName: 'home', imageUrl: '/img/b1.png', ...patch });

  const rows: [string, Partial<Banner>, string | undefined][] = [
    ['P: the promotion', { linkageType: 'P', linkage: '42' }, '/m/activity?id=42'],
    ['P: the id encoded', { linkageType: 'P', linkage: 'a b&c=d/e' }, '/m/activity?id=a%20b%26c%3Dd%2Fe'],
    ['P without an id: nowhere', { linkageType: 'P' }, undefined],
    ['P with an empty id: nowhere', { linkageType: 'P', linkage: '' }, undefined],
    [
      'G: the launch page, room as code, game type as play type, the node, back to /m/home',
      { linkageType: 'G', vendor: 'TCG_LOTTO_VN', roomId: 'HANOI_5', gameType: 'P1', nodeId: '3' },
      '/m/launchGame?vendor=TCG_LOTTO_VN&code=HANOI_5&playType=P1&nodeId=3&backUrl=%2Fm%2Fhome',
    ],
    ['G with the vendor alone', { linkageType: 'G', vendor: 'PG' }, '/m/launchGame?vendor=PG&backUrl=%2Fm%2Fhome'],
    [
      'G: fields that are no codes are left out',
      { linkageType: 'G', vendor: 'PG', roomId: 'x y', gameType: '<b>', nodeId: '1;2' },
      '/m/launchGame?vendor=PG&backUrl=%2Fm%2Fhome',
    ],
    ['G without a vendor: nowhere', { linkageType: 'G', roomId: 'HANOI_5' }, undefined],
    ['G with a vendor that is no code: nowhere', { linkageType: 'G', vendor: 'P G' }, undefined],
    [
      'URL: the URL as it is',
      { linkageType: 'URL', url: 'https://promo.example.test/a?b=1' },
      'https://promo.example.test/a?b=1',
    ],
    ['URL: an /m path', { linkageType: 'URL', url: '/m/deposit' }, '/m/deposit'],
    ['URL without a URL: nowhere', { linkageType: 'URL' }, undefined],
    ['URL with an empty URL: nowhere', { linkageType: 'URL', url: '' }, undefined],
    ['no linkage: nowhere', { url: 'https://promo.example.test/' }, undefined],
    ['an unknown linkage: nowhere', { linkageType: 'X' as Banner['linkageType'], linkage: '1', url: '/m/home' }, undefined],
  ];
  for (const [name, patch, expected] of rows) {
    it(name, () => {
      expect(bannerLink(banner(patch))).to.equal(expected);
    });
  }

  it('G: another back page when given', () => {
    expect(bannerLink(banner({ linkageType: 'G', vendor: 'PG' }), '/m/game')).to.equal(
      '/m/launchGame?vendor=PG&backUrl=%2Fm%2Fgame',
    );
  });

  it('G: /m/launchGame reads back what the banner asked for', () => {
    const link = bannerLink(
      banner({ linkageType: 'G', vendor: 'TCG_LOTTO_VN', roomId: 'HANOI_5', gameType: 'P1', nodeId: '3' }),
    )!;
    const url = new URL(link, location.origin);
    expect(url.pathname).to.equal('/m/launchGame');
    expect(launchFromQuery(url.search)).to.deep.equal({
      vendor: 'TCG_LOTTO_VN',
      prizeMode: undefined,
      code: 'HANOI_5',
      playType: 'P1',
      nodeId: '3',
      lottoView: 'betting',
      backUrl: '/m/home',
    });
  });

  it('launchPath: every field, encoded', () => {
    const path = launchPath({
      vendor: 'LOTT',
      prizeMode: 'VN_1',
      code: 'C 1',
      playType: 'P',
      nodeId: '2',
      lottoView: 'lobby',
      backUrl: '/m/a?b=1&c=2',
    });
    expect(path).to.equal(
      '/m/launchGame?vendor=LOTT&prize_mode=VN_1&code=C+1&playType=P&nodeId=2&lottoView=lobby&backUrl=%2Fm%2Fa%3Fb%3D1%26c%3D2',
    );
  });

  describe('following', () => {
    const opened: unknown[][] = [];
    beforeEach(() => {
      opened.length = 0;
      setNavigator((path) => navigations.push(path));
      const realOpen = window.open;
      window.open = ((...args: unknown[]) => {
        opened.push(args);
        return null;
      }) as typeof window.open;
      undo.push(() => (window.open = realOpen));
    });

    it('a G banner launches in the app', () => {
      expect(followBanner(banner({ linkageType: 'G', vendor: 'LOTT', roomId: 'HN5' }))).to.equal(true);
      expect(navigations).to.deep.equal(['/m/launchGame?vendor=LOTT&code=HN5&backUrl=%2Fm%2Fhome']);
      expect(opened).to.deep.equal([]);
    });

    it('a G banner with its back page', () => {
      followBanner(banner({ linkageType: 'G', vendor: 'LOTT' }), '/m/game');
      expect(navigations).to.deep.equal(['/m/launchGame?vendor=LOTT&backUrl=%2Fm%2Fgame']);
    });

    it('a P banner opens the promotion in the app', () => {
      expect(followBanner(banner({ linkageType: 'P', linkage: '7' }))).to.equal(true);
      expect(navigations).to.deep.equal(['/m/activity?id=7']);
    });

    it('a URL banner with an /m path stays in the app', () => {
      saveSession({ token: 'tok-1', merchantCode: 'DEMO01', type: 0 });
      expect(followBanner(banner({ linkageType: 'URL', url: '/m/deposit?x=1' }))).to.equal(true);
      expect(navigations).to.deep.equal(['/m/deposit?x=1']);
      expect(opened).to.deep.equal([]);
    });

    it('a URL banner to another site: a new tab, without the token', () => {
      saveSession({ token: 'tok-1', merchantCode: 'DEMO01', type: 0 });
      expect(followBanner(banner({ linkageType: 'URL', url: 'https://promo.example.test/a' }))).to.equal(true);
      expect(opened).to.deep.equal([['https://promo.example.test/a', '_blank', 'noopener,noreferrer']]);
      expect(navigations).to.deep.equal([]);
    });

    it('a URL banner on the merchant’s own domain: a new tab with the token', () => {
      saveSession({ token: 'tok-1', merchantCode: 'DEMO01', type: 0 });
      followBanner(banner({ linkageType: 'URL', url: `${location.origin}/promo?a=1` }));
      expect(opened).to.deep.equal([[`${location.origin}/promo?a=1&token=tok-1`, '_blank', 'noopener,noreferrer']]);
    });

    const nowhere: [string, Partial<Banner>][] = [
      ['no linkage', {}],
      ['a G banner without a vendor', { linkageType: 'G' }],
      ['a javascript: URL', { linkageType: 'URL', url: 'javascript:alert(1)' }],
    ];
    for (const [name, patch] of nowhere) {
      it(`${name}: false, nothing opens`, () => {
        expect(followBanner(banner(patch))).to.equal(false);
        expect(navigations).to.deep.equal([]);
        expect(opened).to.deep.equal([]);
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The catalogue view
// ---------------------------------------------------------------------------------------------

describe('GameCatalogue', () => {
  const CATALOGUE = () =>
    buildCatalogue({
      title: 'Games',
      lanes: [
        {
          cards: [
            card('LOTT', 'WPS Lottery'),
            card('PG', 'PG Soft', { trial: { gameId: 'PG_OX', nodeId: '1' } }),
            card('JILI', 'JILI'),
            card('TCG_RNG', 'TCG Slots', { trial: { gameId: 'TCG_DRAGON' } }),
            card('MINI', 'Mini Games'),
          ],
        },
      ],
      gameClassify: [
        entry('SLOT', ['PG', 'JILI'], 186),
        entry('MINI_GAMES', ['MINI'], -1),
        entry('LOTT', ['LOTT'], 3),
        entry('RNG', ['TCG_RNG'], 64),
      ],
    });
  const played: VendorEntry[] = [];
  const tried: VendorEntry[] = [];

  function show(catalogue: Catalogue = CATALOGUE()) {
    played.length = 0;
    tried.length = 0;
    render(<GameCatalogue catalogue={catalogue} onPlay={(v) => played.push(v)} onTrial={(v) => tried.push(v)} />);
  }
  const chips = () => Array.from(holder!.querySelectorAll<HTMLButtonElement>('.games-chip'));
  const chip = (name: string) => chips().find((c) => c.textContent === name)!;
  const headings = () => texts('section h2');
  const sectionTitles = () => Array.from(holder!.querySelectorAll('section h2'), (h) => h.firstChild!.textContent);

  it('the chips: All, then every category in display order; All pressed', async () => {
    show();
    await waitFor(() => expect(chips()).to.have.length(5));
    expect(chips().map((c) => c.textContent)).to.deep.equal([
      GAMES_EN['games.all'],
      GAMES_EN['games.category.LOTT'],
      GAMES_EN['games.category.TCG'],
      GAMES_EN['games.category.SLOT'],
      GAMES_EN['games.category.other'],
    ]);
    expect(chips().map((c) => c.getAttribute('aria-pressed'))).to.deep.equal(['true', 'false', 'false', 'false', 'false']);
    expect(holder!.querySelector('[role="group"]')!.getAttribute('aria-label')).to.equal(GAMES_EN['games.categories']);
    expect(sectionTitles()).to.deep.equal(['Lottery', 'TCG games', 'Slots', 'More games']);
  });

  it('a chip shows only its category; All shows them all again', async () => {
    show();
    await waitFor(() => expect(chips()).to.have.length(5));
    chip('Slots').click();
    await waitFor(() => expect(sectionTitles()).to.deep.equal(['Slots']));
    expect(texts('.games-card-name')).to.deep.equal(['PG Soft', 'JILI']);
    expect(chip('Slots').getAttribute('aria-pressed')).to.equal('true');
    expect(chip('All').getAttribute('aria-pressed')).to.equal('false');
    chip('More games').click();
    await waitFor(() => expect(sectionTitles()).to.deep.equal(['More games']));
    expect(texts('.games-card-name')).to.deep.equal(['Mini Games']);
    chip('All').click();
    await waitFor(() => expect(sectionTitles()).to.deep.equal(['Lottery', 'TCG games', 'Slots', 'More games']));
    expect(chip('All').getAttribute('aria-pressed')).to.equal('true');
  });

  it('the game counts; none for a category without games', async () => {
    show();
    await waitFor(() => expect(chips()).to.have.length(5));
    // The count sits beside the heading, not in its name.
    expect(headings()).to.deep.equal(['Lottery', 'TCG games', 'Slots', 'More games']);
    expect(texts('.games-count')).to.deep.equal(['3 games', '64 games', '186 games']);
  });

  it('a card tap plays its vendor', async () => {
    show();
    await waitFor(() => expect(chips()).to.have.length(5));
    const jili = Array.from(holder!.querySelectorAll<HTMLButtonElement>('.games-card-main')).find((b) =>
      b.textContent?.includes('JILI'),
    )!;
    jili.click();
    expect(played).to.deep.equal([{ accountTypeName: 'JILI', displayName: 'JILI', imageUrl: null, trial: null }]);
    expect(tried).to.deep.equal([]);
  });

  it('"Try free" only on the cards with a free demo; it opens the demo, not the game', async () => {
    show();
    await waitFor(() => expect(chips()).to.have.length(5));
    const trials = Array.from(holder!.querySelectorAll<HTMLButtonElement>('.games-card-trial'));
    expect(trials.map((b) => b.getAttribute('aria-label'))).to.deep.equal(['Try free: TCG Slots', 'Try free: PG Soft']);
    expect(trials.map((b) => b.textContent)).to.deep.equal([GAMES_EN['games.try'], GAMES_EN['games.try']]);
    trials[1]!.click();
    expect(tried).to.deep.equal([
      { accountTypeName: 'PG', displayName: 'PG Soft', imageUrl: null, trial: { gameId: 'PG_OX', nodeId: '1' } },
    ]);
    expect(played).to.deep.equal([]);
  });

  it('the vendor’s picture when safe, else its initials', async () => {
    const catalogue = buildCatalogue({
      lanes: [
        {
          cards: [
            card('PG', 'PG Soft', { imageUrl: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E' }),
            card('JILI', 'jili super', { imageUrl: 'javascript:alert(1)' }),
          ],
        },
      ],
      gameClassify: [entry('SLOT', ['PG', 'JILI'], 2)],
    });
    show(catalogue);
    await waitFor(() => expect(texts('.games-card-name')).to.deep.equal(['PG Soft', 'jili super']));
    const imgs = holder!.querySelectorAll('img');
    expect(imgs).to.have.length(1);
    expect(imgs[0]!.getAttribute('alt')).to.equal('');
    expect(texts('.games-card-initials')).to.deep.equal(['JS']);
  });

  it('one category: no chips', async () => {
    show(buildCatalogue({ lanes: [{ cards: [card('PG', 'PG Soft')] }], gameClassify: [entry('SLOT', ['PG'], 2)] }));
    await waitFor(() => expect(sectionTitles()).to.deep.equal(['Slots']));
    expect(chips()).to.have.length(0);
    expect(holder!.querySelector('[role="group"]')).to.equal(null);
  });

  it('axe-core: the catalogue, and with one category chosen', async () => {
    show();
    await waitFor(() => expect(chips()).to.have.length(5));
    await expectAccessible(holder!);
    chip('Lottery').click();
    await waitFor(() => expect(sectionTitles()).to.deep.equal(['Lottery']));
    await expectAccessible(holder!);
  });
});

// ---------------------------------------------------------------------------------------------
// The game frame
// ---------------------------------------------------------------------------------------------

describe('sandboxFor', () => {
  const tokens = (url: string) => sandboxFor(url).split(' ');

  it('a game on this page’s origin: no allow-same-origin (it could lift its own sandbox)', () => {
    expect(tokens(`${location.origin}/games/lott`)).to.not.include('allow-same-origin');
    expect(tokens('/games/lott')).to.not.include('allow-same-origin');
  });

  it('a game on another origin: allow-same-origin (its own storage)', () => {
    expect(tokens('https://games.example.test/lott')).to.include('allow-same-origin');
    expect(tokens(`${location.protocol}//${location.hostname}:1/x`), 'another port is another origin').to.include(
      'allow-same-origin',
    );
  });

  for (const url of ['https://games.example.test/x', '/games/lott']) {
    it(`scripts, forms, pop-ups, a top navigation only by a tap (${url})`, () => {
      const list = tokens(url);
      expect(list).to.include.members([
        'allow-scripts',
        'allow-forms',
        'allow-popups',
        'allow-popups-to-escape-sandbox',
        'allow-top-navigation-by-user-activation',
      ]);
      expect(list).to.not.include('allow-top-navigation');
      expect(list).to.not.include('allow-modals');
      expect(list).to.not.include('allow-downloads');
      expect(new Set(list).size, 'no token twice').to.equal(list.length);
    });
  }
});

describe('GameFrame', () => {
  const GAME = () => `${location.origin}/package.json`;
  /** The open calls so far: each one's signal and the way to answer it. */
  let opens: { signal: AbortSignal; answer: (r: OpenResult) => void }[] = [];
  const loads: string[] = [];
  const failures: LaunchFailure[] = [];
  let backs = 0;

  beforeEach(() => {
    opens = [];
    loads.length = 0;
    failures.length = 0;
    backs = 0;
  });

  function frame(name = 'Golden Dragon') {
    render(
      <GameFrame
        name={name}
        open={(signal) => new Promise<OpenResult>((answer) => opens.push({ signal, answer }))}
        onBack={() => backs++}
        onLoad={(url) => loads.push(url)}
        onFailure={(f) => failures.push(f)}
      />,
    );
  }
  const phase = () => q('frame')?.getAttribute('data-phase');

  it('opening: the bar with back, the name and hide; the opening status', async () => {
    frame();
    await waitFor(() => expect(q('status')?.textContent).to.equal(GAMES_EN['games.opening']));
    await waitFor(() => expect(opens).to.have.length(1));
    expect(phase()).to.equal('opening');
    expect(q('title')!.textContent).to.equal('Golden Dragon');
    expect(q('back')!.getAttribute('aria-label')).to.equal(GAMES_EN['games.back']);
    expect(q('hide-bar')!.getAttribute('aria-label')).to.equal(GAMES_EN['games.hide_header']);
    expect(q('status')!.getAttribute('role')).to.equal('status');
    expect(q('iframe')).to.equal(null);
  });

  it(`loading: the sandboxed frame; not loaded after ${GAME_LOAD_TIMEOUT_MS} ms: timeout_retry_please and a retry`, async () => {
    expect(GAME_LOAD_TIMEOUT_MS).to.equal(10_000);
    clock = installClock();
    frame();
    holdFrameLoads(holder!);
    await waitFor(() => expect(opens).to.have.length(1));
    opens[0]!.answer({ ok: true, url: GAME() });
    await waitFor(() => expect(q('iframe')).to.not.equal(null));
    const iframe = q<HTMLIFrameElement>('iframe')!;
    expect(iframe.getAttribute('src')).to.equal(GAME());
    expect(iframe.getAttribute('sandbox')).to.equal(sandboxFor(GAME()));
    expect(iframe.getAttribute('title')).to.equal('Game: Golden Dragon');
    expect(iframe.getAttribute('referrerpolicy')).to.equal('no-referrer');
    expect(phase()).to.equal('loading');
    expect(q('status')!.textContent).to.equal(GAMES_EN['games.loading']);

    await clock.tickAsync(GAME_LOAD_TIMEOUT_MS - 1);
    expect(phase(), `still loading at ${GAME_LOAD_TIMEOUT_MS - 1} ms`).to.equal('loading');
    expect(failures).to.deep.equal([]);
    await clock.tickAsync(1);
    await waitFor(() => expect(phase()).to.equal('failed'));
    expect(q('failed')!.querySelector('p')!.textContent).to.equal(EN['timeout_retry_please']);
    expect(q('failed')!.getAttribute('role')).to.equal('alert');
    expect(q('retry')!.textContent).to.equal(EN['retry']);
    expect(q('iframe'), 'the frame is gone').to.equal(null);
    expect(failures).to.deep.equal([{ kind: 'timeout' }]);
    expect(loads).to.deep.equal([]);
  });

  it('retry asks for the URL again; the frame that loads is ready and reported once', async () => {
    clock = installClock();
    frame();
    const release = holdFrameLoads(holder!);
    await waitFor(() => expect(opens).to.have.length(1));
    opens[0]!.answer({ ok: true, url: GAME() });
    await waitFor(() => expect(q('iframe')).to.not.equal(null));
    await clock.tickAsync(GAME_LOAD_TIMEOUT_MS);
    await waitFor(() => expect(q('retry')).to.not.equal(null));
    release();
    q('retry')!.click();
    await waitFor(() => expect(opens).to.have.length(2));
    expect(opens[0]!.signal.aborted, 'the first round is over').to.equal(true);
    expect(opens[1]!.signal.aborted).to.equal(false);
    expect(phase()).to.equal('opening');
    opens[1]!.answer({ ok: true, url: GAME() });
    // onLoad comes once the frame shows the game (an effect after the render that says so).
    await waitFor(() => expect(loads).to.deep.equal([GAME()]));
    expect(phase()).to.equal('ready');
    expect(q('status')).to.equal(null);
    expect(q('iframe')!.getAttribute('src')).to.equal(GAME());
    await clock.tickAsync(GAME_LOAD_TIMEOUT_MS * 2);
    expect(phase(), 'a loaded game stays').to.equal('ready');
    expect(failures).to.deep.equal([{ kind: 'timeout' }]);
  });

  const failed: [string, LaunchFailure, string, boolean][] = [
    ['a launch timeout', { kind: 'timeout' }, EN['timeout_retry_please'], true],
    ['a refusal with the server’s message', { kind: 'failed', message: 'Under maintenance' }, 'Under maintenance', true],
    ['a refusal without a message', { kind: 'failed' }, GAMES_EN['games.failed'], true],
    ['a URL it may not open', { kind: 'bad-url' }, GAMES_EN['games.bad_url'], false],
  ];
  for (const [name, failure, text, retry] of failed) {
    it(`${name}: "${text}"${retry ? ' with a retry' : ', no retry'}, and back`, async () => {
      frame();
      await waitFor(() => expect(opens).to.have.length(1));
      opens[0]!.answer({ ok: false, failure });
      await waitFor(() => expect(phase()).to.equal('failed'));
      expect(q('failed')!.querySelector('p')!.textContent).to.equal(text);
      expect(q('retry') !== null).to.equal(retry);
      expect(failures).to.deep.equal([failure]);
      expect(q('status')).to.equal(null);
      q('failed-back')!.click();
      expect(backs).to.equal(1);
    });
  }

  it('a lost session: no failure shown (the please-login notice speaks)', async () => {
    frame();
    await waitFor(() => expect(opens).to.have.length(1));
    opens[0]!.answer({ ok: false, failure: { kind: 'session' } });
    await sleep(50);
    expect(phase()).to.equal('opening');
    expect(q('failed')).to.equal(null);
    expect(failures).to.deep.equal([]);
  });

  it('unmounting aborts the open call', async () => {
    frame();
    await waitFor(() => expect(opens).to.have.length(1));
    root!.unmount();
    root = undefined;
    expect(opens[0]!.signal.aborted).to.equal(true);
  });

  it('the hide button hides the bar; the handle brings it back', async () => {
    frame();
    await waitFor(() => expect(q('bar')).to.not.equal(null));
    expect(q('hide-bar')!.getAttribute('aria-expanded')).to.equal('true');
    q('hide-bar')!.click();
    await waitFor(() => expect(q('bar')).to.equal(null));
    const handle = q('show-bar')!;
    expect(handle.getAttribute('aria-label')).to.equal(GAMES_EN['games.show_header']);
    expect(handle.getAttribute('aria-expanded')).to.equal('false');
    handle.click();
    await waitFor(() => expect(q('bar')).to.not.equal(null));
    expect(q('show-bar')).to.equal(null);
    expect(q('title')!.textContent).to.equal('Golden Dragon');
  });

  it('back calls onBack', async () => {
    frame();
    await waitFor(() => expect(q('back')).to.not.equal(null));
    q('back')!.click();
    expect(backs).to.equal(1);
  });

  for (const enabled of [true, false]) {
    it(`full screen ${enabled ? 'allowed: the button' : 'not allowed: no button'}`, async () => {
      undo.push(fakeProperty(document, 'fullscreenEnabled', () => enabled));
      frame();
      await waitFor(() => expect(q('bar')).to.not.equal(null));
      expect(q('fullscreen') !== null).to.equal(enabled);
      if (enabled) {
        expect(q('fullscreen')!.getAttribute('aria-label')).to.equal(GAMES_EN['games.fullscreen']);
        expect(q('fullscreen')!.getAttribute('aria-pressed')).to.equal('false');
      }
    });
  }

  it('the full-screen button asks for the whole frame, and follows the document', async () => {
    undo.push(fakeProperty(document, 'fullscreenEnabled', () => true));
    let current: Element | null = null;
    undo.push(fakeProperty(document, 'fullscreenElement', () => current));
    frame();
    await waitFor(() => expect(q('fullscreen')).to.not.equal(null));
    await waitFor(() => expect(opens, 'the effects ran').to.have.length(1));
    const box = q('frame')!;
    const requested: Element[] = [];
    box.requestFullscreen = function (this: Element) {
      requested.push(this);
      return Promise.resolve();
    };
    q('fullscreen')!.click();
    expect(requested).to.have.length(1);
    current = box;
    document.dispatchEvent(new Event('fullscreenchange'));
    await waitFor(() => expect(q('fullscreen')!.getAttribute('aria-pressed')).to.equal('true'));
    expect(q('fullscreen')!.getAttribute('aria-label')).to.equal(GAMES_EN['games.exit_fullscreen']);
    let exits = 0;
    const exit = () => {
      exits++;
      return Promise.resolve();
    };
    undo.push(fakeProperty(document, 'exitFullscreen', () => exit));
    q('fullscreen')!.click();
    expect(exits).to.equal(1);
    current = null;
    document.dispatchEvent(new Event('fullscreenchange'));
    await waitFor(() => expect(q('fullscreen')!.getAttribute('aria-pressed')).to.equal('false'));
  });

  it('axe-core: opening, failed', async () => {
    undo.push(fakeProperty(document, 'fullscreenEnabled', () => true));
    frame();
    await waitFor(() => expect(q('status')).to.not.equal(null));
    await expectAccessible(holder!);
    opens[0]!.answer({ ok: false, failure: { kind: 'timeout' } });
    await waitFor(() => expect(q('retry')).to.not.equal(null));
    await expectAccessible(holder!);
    q('hide-bar')!.click();
    await waitFor(() => expect(q('show-bar')).to.not.equal(null));
    await expectAccessible(holder!);
  });
});
