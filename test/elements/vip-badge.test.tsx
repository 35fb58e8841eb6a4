/**
 * `<wps-vip-badge>` (elements/vip-badge.tsx, src/features/vip/VipBadge.tsx + model.ts) and the
 * `vipState` rule as a table: nothing without a session or a label name; the label, its level and a
 * progress bar (1 without a rank label id, else completed / expected, within 0..1, expected 0 → 1);
 * the benefits link for AUTO labels only, with the cancelable `wps-vip-benefits`; member info loaded
 * on mount when a token has none yet; the rank progress loaded on every token change and forgotten
 * on logout, a late answer for a token that is gone included. axe-core.
 */
import { expect } from 'chai';
import '../../elements/vip-badge.tsx';
import type { MemberInfo, RankProgress } from '../../src/contract/endpoints.ts';
import { language, languageReady } from '../../src/core/i18n/i18n.ts';
import { memberInfo } from '../../src/core/session/member.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';
import { clearSession, saveSession } from '../../src/core/session/sessionInfo.ts';
import { rankProgress, vipState, type VipState } from '../../src/features/vip/model.ts';
import EN from '../../src/core/i18n/locales/EN.json';
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

const MEMBER_INFO = '/wps/member/info';
const RANK = '/wps/relay/MCSFE_getPlayerRankProgress';

type Label = NonNullable<MemberInfo['clubLabel']>;
const GOLD: Label = { labelName: 'Gold', type: 'AUTO', rankLevel: 3 };
const info = (clubLabel: MemberInfo['clubLabel'] | undefined, userName = 'player1'): MemberInfo => ({
  type: 0,
  id: 7,
  userName,
  language: 'EN',
  ...(clubLabel === undefined ? {} : { clubLabel }),
});
/** `'absent'`: no labelId field at all (an explicit undefined would take the default). */
const progress = (
  completedConditions: number,
  totalExpectedConditions: number,
  labelId: number | null | 'absent' = 11,
): RankProgress =>
  labelId === 'absent'
    ? { completedConditions, totalExpectedConditions }
    : { completedConditions, totalExpectedConditions, labelId };

describe('vipState', () => {
  const none: VipState = { vip: false, labelName: undefined, level: undefined, progress: 1, benefits: false };
  const gold = (p: number, extra: Partial<VipState> = {}): VipState => ({
    vip: true,
    labelName: 'Gold',
    level: 3,
    progress: p,
    benefits: true,
    ...extra,
  });
  const rows: [name: string, info: Parameters<typeof vipState>[0], progress: RankProgress | undefined, expected: VipState][] = [
    ['no session (no member info)', undefined, undefined, none],
    ['no session, a stray progress', undefined, progress(3, 5), { ...none, progress: 0.6 }],
    ['no clubLabel', info(undefined), undefined, none],
    ['clubLabel null', info(null), progress(3, 5), { ...none, progress: 0.6 }],
    ['an empty labelName', info({ labelName: '', type: 'AUTO', rankLevel: 2 }), undefined, none],
    ['a label, no progress yet', info(GOLD), undefined, gold(1)],
    ['labelId null: 1', info(GOLD), progress(3, 5, null), gold(1)],
    ['labelId missing: 1', info(GOLD), progress(3, 5, 'absent'), gold(1)],
    ['3 of 5', info(GOLD), progress(3, 5), gold(0.6)],
    ['labelId 0 is a label id: 1 of 4', info(GOLD), progress(1, 4, 0), gold(0.25)],
    ['0 of 5', info(GOLD), progress(0, 5), gold(0)],
    ['more than expected: clamped to 1', info(GOLD), progress(7, 5), gold(1)],
    ['negative: clamped to 0', info(GOLD), progress(-2, 5), gold(0)],
    ['expected 0: 1', info(GOLD), progress(0, 0), gold(1)],
    ['expected negative: 1', info(GOLD), progress(2, -3), gold(1)],
    ['MANUAL: no benefits', info({ ...GOLD, type: 'MANUAL' }), progress(3, 5), gold(0.6, { benefits: false })],
    ['level 0', info({ ...GOLD, rankLevel: 0 }), undefined, gold(1, { level: 0 })],
  ];
  for (const [name, i, p, expected] of rows) {
    it(name, () => expect(vipState(i, p)).to.deep.equal(expected));
  }
});

let stub: FetchStub | undefined;
let memberAnswer: MemberInfo = info(GOLD);
let rankAnswer: RankProgress = progress(3, 5);
/** Per token: when set, that token's rank answer waits for the gate and then answers `value`. */
const rankGates = new Map<string, { gate: Promise<void>; value: RankProgress }>();
function backend() {
  stub = stubFetch(async (c) => {
    if (c.url.pathname === MEMBER_INFO) return json({ success: true, value: memberAnswer });
    if (c.url.pathname === RANK) {
      const held = rankGates.get(c.headers.get('Authorization') ?? '');
      if (held) {
        await held.gate;
        return json({ success: true, value: held.value });
      }
      return json({ success: true, value: rankAnswer });
    }
    return json({ success: false, errorCode: 'not.found' }, 404);
  });
  return stub;
}
/** Holds `token`'s rank answer until the returned function is called. */
function holdRank(token: string, value: RankProgress) {
  let release!: () => void;
  rankGates.set(token, { gate: new Promise<void>((resolve) => (release = resolve)), value });
  return release;
}
const calls = (path: string) => stub!.to(path).map((c) => c.headers.get('Authorization'));

const navigations: string[] = [];
const login = (token = 'tok-1') => saveSession({ token, merchantCode: 'DEMO01', userName: 'player1', type: 0 });

function reset() {
  unmountAll();
  clearSession(); // before the stub goes: the progress watch must not ask for anything
  memberInfo.value = undefined;
  rankProgress.value = undefined;
  stub?.restore();
  stub = undefined;
  rankGates.clear();
  memberAnswer = info(GOLD);
  rankAnswer = progress(3, 5);
  navigations.length = 0;
  setNavigator(undefined);
  sessionStorage.clear();
  language.value = 'EN';
}
before(async () => {
  language.value = 'EN';
  await languageReady();
});
beforeEach(() => {
  reset();
  // Nothing here may navigate the test page away.
  setNavigator((path) => navigations.push(path));
});
afterEach(reset);

const bar = (el: Element) => el.shadowRoot!.querySelector('[role="progressbar"]');
const percent = (el: Element) => bar(el)?.getAttribute('aria-valuenow');
async function shown(el: Element) {
  await waitFor(() => expect(has(el, 'vip'), 'the badge shows').to.equal(true));
}
/** Gives the element time to show something it should not. */
async function settle() {
  await sleep(100);
}

describe('<wps-vip-badge>: what it shows', () => {
  it('mounted with a token and no member info: loads it, then label, level, progress and benefits', async () => {
    backend();
    login();
    const el = mount('<wps-vip-badge></wps-vip-badge>');
    await shown(el);
    expect(calls(MEMBER_INFO)).to.deep.equal(['tok-1']);
    expect(calls(RANK)).to.deep.equal(['tok-1']);
    await waitFor(() => expect(percent(el)).to.equal('60'));
    expect(part(el, 'label')!.textContent).to.equal(`Gold · ${EN['vip.level'].replace('{{level}}', '3')}`);
    expect(part(el, 'level')!.textContent).to.equal(` · Level 3`);
    const b = bar(el)!;
    expect([b.getAttribute('aria-valuemin'), b.getAttribute('aria-valuemax')]).to.deep.equal(['0', '100']);
    expect(b.getAttribute('aria-valuetext')).to.equal('60 percent');
    expect(b.getAttribute('aria-label')).to.equal(EN['vip.progress']);
    expect(part(el, 'progress')!.contains(b)).to.equal(true);
    expect(part(el, 'benefits')!.textContent).to.equal(EN['vip.benefits']);
    await expectAccessible(el);
  });

  it('member info already there: not asked again', async () => {
    backend();
    login();
    memberInfo.value = info(GOLD);
    const el = mount('<wps-vip-badge></wps-vip-badge>');
    await shown(el);
    await settle();
    expect(calls(MEMBER_INFO)).to.deep.equal([]);
  });

  it('no session: nothing, and nothing asked', async () => {
    backend();
    const el = mount('<wps-vip-badge></wps-vip-badge>');
    await settle();
    expect(has(el, 'vip')).to.equal(false);
    expect(stub!.calls).to.have.length(0);
  });

  const notVip: [string, MemberInfo][] = [
    ['no clubLabel', info(undefined)],
    ['clubLabel null', info(null)],
    ['an empty labelName', info({ labelName: '', type: 'AUTO', rankLevel: 4 })],
  ];
  for (const [name, answer] of notVip) {
    it(`a member with ${name}: nothing`, async () => {
      memberAnswer = answer;
      backend();
      login();
      const el = mount('<wps-vip-badge></wps-vip-badge>');
      await waitFor(() => expect(memberInfo.value).to.deep.equal(answer));
      await settle();
      expect(has(el, 'vip')).to.equal(false);
      expect(el.shadowRoot!.childElementCount).to.equal(0);
    });
  }

  const bars: [string, RankProgress, string][] = [
    ['labelId null: 100', progress(3, 5, null), '100'],
    ['labelId missing: 100', progress(3, 5, 'absent'), '100'],
    ['2 of 3: 67 (rounded)', progress(2, 3), '67'],
    ['1 of 3: 33 (rounded)', progress(1, 3), '33'],
    ['9 of 5: 100 (clamped)', progress(9, 5), '100'],
    ['expected 0: 100', progress(0, 0), '100'],
    ['0 of 4: 0', progress(0, 4), '0'],
  ];
  for (const [name, answer, expected] of bars) {
    it(`the progress bar, ${name}`, async () => {
      rankAnswer = answer;
      backend();
      login();
      memberInfo.value = info(GOLD);
      const el = mount('<wps-vip-badge></wps-vip-badge>');
      await shown(el);
      await waitFor(() => expect(rankProgress.value).to.deep.equal(answer));
      await waitFor(() => expect(percent(el)).to.equal(expected));
      expect(bar(el)!.getAttribute('aria-valuetext')).to.equal(`${expected} percent`);
    });
  }

  it('a MANUAL label: no benefits link', async () => {
    backend();
    login();
    memberInfo.value = info({ ...GOLD, type: 'MANUAL' });
    const el = mount('<wps-vip-badge></wps-vip-badge>');
    await shown(el);
    await waitFor(() => expect(percent(el)).to.equal('60'));
    expect(has(el, 'benefits')).to.equal(false);
    expect(part(el, 'label')!.textContent).to.contain('Gold');
    await expectAccessible(el);
  });
});

describe('<wps-vip-badge>: benefits', () => {
  async function badge() {
    backend();
    login();
    memberInfo.value = info(GOLD);
    const el = mount('<wps-vip-badge></wps-vip-badge>');
    await waitFor(() => expect(has(el, 'benefits')).to.equal(true));
    return el;
  }

  it('a tap emits wps-vip-benefits (cancelable) and goes to /m/member/benefits', async () => {
    const el = await badge();
    const log = recordEvents(document, ['wps-vip-benefits']);
    part<HTMLButtonElement>(el, 'benefits')!.click();
    log.stop();
    expect(log.types()).to.deep.equal(['wps-vip-benefits']);
    const e = log.events[0]!;
    expect([e.cancelable, e.bubbles, e.composed]).to.deep.equal([true, true, true]);
    expect(navigations).to.deep.equal(['/m/member/benefits']);
  });

  it('no-benefits: the badge without the link (a page with no benefits page)', async () => {
    backend();
    login();
    memberInfo.value = info(GOLD);
    const el = mount('<wps-vip-badge no-benefits></wps-vip-badge>');
    await shown(el);
    await waitFor(() => expect(percent(el)).to.equal('60'));
    expect(has(el, 'benefits')).to.equal(false);
    el.removeAttribute('no-benefits');
    await waitFor(() => expect(has(el, 'benefits')).to.equal(true));
  });

  it('prevented: the page stays', async () => {
    const el = await badge();
    el.addEventListener('wps-vip-benefits', (e) => e.preventDefault());
    part<HTMLButtonElement>(el, 'benefits')!.click();
    await sleep(30);
    expect(navigations).to.deep.equal([]);
  });
});

describe('<wps-vip-badge>: the rank progress follows the token', () => {
  it('a login loads it with the new token; another token loads it again', async () => {
    backend();
    const el = mount('<wps-vip-badge></wps-vip-badge>');
    await settle();
    expect(calls(RANK), 'a visitor has no progress').to.deep.equal([]);

    login('tok-A');
    await waitFor(() => expect(calls(RANK)).to.deep.equal(['tok-A']));
    memberInfo.value = info(GOLD); // what the login itself loads
    await shown(el);
    await waitFor(() => expect(percent(el)).to.equal('60'));

    rankAnswer = progress(1, 4);
    login('tok-B');
    await waitFor(() => expect(calls(RANK)).to.deep.equal(['tok-A', 'tok-B']));
    await waitFor(() => expect(percent(el)).to.equal('25'));

    // The same token again (a session update) is no change.
    saveSession({ token: 'tok-B', merchantCode: 'DEMO01', userName: 'player1', type: 0, firstTimeLogin: true });
    await settle();
    expect(calls(RANK)).to.deep.equal(['tok-A', 'tok-B']);
  });

  it('a logout forgets the progress and hides the badge', async () => {
    backend();
    login();
    memberInfo.value = info(GOLD);
    const el = mount('<wps-vip-badge></wps-vip-badge>');
    await waitFor(() => expect(percent(el)).to.equal('60'));
    clearSession();
    expect(rankProgress.value).to.equal(undefined);
    await waitFor(() => expect(has(el, 'vip'), 'no session: nothing').to.equal(false));
    await settle();
    expect(calls(RANK)).to.deep.equal(['tok-1']);
  });

  it('an answer that arrives after the logout is not kept', async () => {
    backend();
    const release = holdRank('tok-late', progress(1, 5));
    login('tok-late');
    await waitFor(() => expect(calls(RANK)).to.deep.equal(['tok-late']));
    clearSession();
    release();
    await settle();
    expect(rankProgress.value).to.equal(undefined);
  });

  it("an old token's late answer does not replace the new token's progress", async () => {
    backend();
    memberInfo.value = info(GOLD);
    const el = mount('<wps-vip-badge></wps-vip-badge>');
    const release = holdRank('tok-old', progress(1, 5));
    login('tok-old');
    await waitFor(() => expect(calls(RANK)).to.deep.equal(['tok-old']));
    rankAnswer = progress(3, 4);
    login('tok-new');
    await waitFor(() => expect(percent(el)).to.equal('75'));
    release();
    await settle();
    expect(rankProgress.value).to.deep.equal(progress(3, 4));
    expect(percent(el)).to.equal('75');
  });
});
