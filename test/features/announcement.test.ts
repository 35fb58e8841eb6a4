/**
 * The announcement model on its own, no view (src/features/announcement/model.ts; docs/product.md §4,
 * §6, §9): data 500 ms after the start and the popup 1000 ms after it arrived, the viewer's items, the
 * content hash against the stored hidden state, forceRead closing and the stored 'not today' tick.
 */
import { expect } from 'chai';
import type { PopupItem } from '../../src/contract/endpoints.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { autoLoginPending } from '../../src/core/session/autoLogin.ts';
import { memberInfo } from '../../src/core/session/member.ts';
import { clearSession, saveSession, session } from '../../src/core/session/sessionInfo.ts';
import {
  ANNOUNCEMENT_LOAD_DELAY_MS,
  ANNOUNCEMENT_POPUP_DELAY_MS,
  activityPath,
  announcementModel,
  type AnnouncementModel,
  contentHash,
  currentViewer,
  shouldShow,
  turnKey,
} from '../../src/features/announcement/model.ts';
import { installClock, type FakeClock } from '../browser-helpers/clock.ts';
import { json, stubFetch, type FetchStub } from '../browser-helpers/helpers.ts';

const item = (id: string, execution: PopupItem['execution'], extra: Partial<PopupItem> = {}): PopupItem => ({
  id,
  title: `Title ${id}`,
  content: `<p>${id}</p>`,
  execution,
  ...extra,
});
let items: PopupItem[] = [item('b1', 'B'), item('b2', 'B'), item('a1', 'A'), item('f1', 'F')];

let stub: FetchStub | undefined;
let clock: FakeClock | undefined;
let stop: (() => void) | undefined;
// The sanitiser is a real dynamic import: wait for it in real time (the fake clock holds setTimeout).
const realSetTimeout = window.setTimeout.bind(window);
async function untilReady(model: AnnouncementModel) {
  for (let i = 0; i < 200 && !model.ready.value; i++) await new Promise((r) => realSetTimeout(r, 10));
}
const loads = () => stub?.to('/wps/relay/MCSFE_getListAnnouncements').length ?? 0;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  clearSession();
  memberInfo.value = undefined;
  notices.value = [];
  autoLoginPending.value = false;
  items = [item('b1', 'B'), item('b2', 'B'), item('a1', 'A'), item('f1', 'F')];
  stub = stubFetch(() => json({ success: true, value: items }));
  clock = installClock(Date.UTC(2026, 10, 27, 9));
});
afterEach(() => {
  stop?.();
  stop = undefined;
  clock?.uninstall();
  stub?.restore();
  autoLoginPending.value = false;
  clearSession();
});

/** Runs the model to the end of the load and the sanitiser (a real dynamic import: real frames). */
async function started(model = announcementModel()) {
  stop = model.connect();
  await clock!.tickAsync(ANNOUNCEMENT_LOAD_DELAY_MS);
  await untilReady(model);
  return model;
}

describe('AnnouncementModel', () => {
  it('loads 500 ms after the start and is due 1000 ms after the data arrived (docs/product.md §9)', async () => {
    expect(ANNOUNCEMENT_LOAD_DELAY_MS).to.equal(500);
    expect(ANNOUNCEMENT_POPUP_DELAY_MS).to.equal(1000);
    const model = announcementModel();
    stop = model.connect();
    await clock!.tickAsync(499);
    expect(loads()).to.equal(0);
    await clock!.tickAsync(1);
    expect(loads()).to.equal(1);
    await untilReady(model);
    expect(!!model.ready.value).to.equal(true);
    expect(model.wanted.value).to.equal(false);
    await clock!.tickAsync(999);
    expect(model.due.value).to.equal(false);
    await clock!.tickAsync(1);
    expect(model.due.value).to.equal(true);
    expect(model.wanted.value).to.equal(true);
    // A visitor's links carry no token: the merchant's lines are not asked for.
    expect(stub!.to('/wps/system/domainRoute')).to.have.length(0);
  });

  it('a visitor gets the B items under SHELL_PU_B, hashed over every title and content', async () => {
    const model = await started();
    const ready = model.ready.value!;
    expect(ready.items.map((i) => i.id)).to.deep.equal(['b1', 'b2']);
    expect(ready.key).to.equal('SHELL_PU_B');
    expect(ready.hash).to.equal(contentHash(ready.items));
    expect(ready.html.map(String)).to.deep.equal(['<p>b1</p>', '<p>b2</p>']);
    expect(turnKey(ready.hash, clock!.now)).to.equal(`announcement:${ready.hash}:${new Date(clock!.now).toDateString()}`);
  });

  it('a member on a first-time login gets A and F under SHELL_PU_A_<id>', async () => {
    saveSession({ token: 't', id: 7, userName: 'demo', type: 0, merchantCode: 'demo', firstTimeLogin: true });
    const model = await started();
    expect(model.ready.value!.items.map((i) => i.id)).to.deep.equal(['a1', 'f1']);
    expect(model.ready.value!.key).to.equal('SHELL_PU_A_7');
    // A member's links carry the token: the merchant's lines are known before a tap.
    expect(stub!.to('/wps/system/domainRoute')).to.have.length(1);
  });

  it('waits while an auto login runs, and starts over when it ends', async () => {
    autoLoginPending.value = true;
    const model = announcementModel();
    stop = model.connect();
    await clock!.tickAsync(2000);
    expect(loads()).to.equal(0);
    autoLoginPending.value = false;
    await clock!.tickAsync(500);
    expect(loads()).to.equal(1);
  });

  it('the same content closed this session stays away; new content shows at once', async () => {
    sessionStorage.setItem('SHELL_PU_B', JSON.stringify({ hash: contentHash([item('b1', 'B'), item('b2', 'B')]) }));
    const hidden = await started();
    await clock!.tickAsync(2000);
    expect(!!hidden.ready.value).to.equal(false);
    stop!();
    items = [item('b1', 'B', { title: 'New' }), item('b2', 'B')];
    const shown = await started();
    expect(shown.ready.value?.items[0]?.title).to.equal('New');
  });

  it('stopping before 500 ms loads nothing', async () => {
    const model = announcementModel();
    model.connect()();
    await clock!.tickAsync(2000);
    expect(loads()).to.equal(0);
  });

  it('forceRead: closing walks to the last slide, then closes and keeps the tick until midnight', async () => {
    items = [item('b1', 'B', { forceRead: true }), item('b2', 'B')];
    const model = await started();
    await clock!.tickAsync(ANNOUNCEMENT_POPUP_DELAY_MS);
    const closed: unknown[] = [];
    const options = { hideAs: 'today' as const, delayMs: 250, onClosed: (...a: unknown[]) => closed.push(a) };
    expect(model.advances.value).to.equal(true);
    model.dismiss(options);
    expect(model.index.value).to.equal(1);
    expect(model.closing.value).to.equal(undefined);
    model.ticked.value = true;
    model.dismiss(options);
    expect(model.closing.value).to.equal('close');
    await clock!.tickAsync(249);
    expect(model.done.value).to.equal(false);
    await clock!.tickAsync(1);
    expect(model.done.value).to.equal(true);
    expect(model.wanted.value).to.equal(false);
    expect(closed).to.deep.equal([['close', 'today']]);
    const hash = model.ready.value!.hash;
    expect(JSON.parse(localStorage.getItem('SHELL_PU_B')!)).to.deep.equal({ hash, hideTime: clock!.now });
  });

  it('closing without the box ticked keeps it closed for the session only', async () => {
    const model = await started();
    model.close('activity', { hideAs: 'never', delayMs: 0 });
    expect(model.done.value).to.equal(true);
    expect(localStorage.getItem('SHELL_PU_B')).to.equal(null);
    expect(JSON.parse(sessionStorage.getItem('SHELL_PU_B')!)).to.deep.equal({ hash: model.ready.value!.hash });
  });
});

describe('AnnouncementModel: what the server and storage may hold', () => {
  it('malformed entries are left out; a numeric id becomes a string', async () => {
    stub!.restore();
    const list: unknown[] = [
      null,
      'b0',
      { id: 1, title: 'One', content: '<p>1</p>', execution: 'B' },
      { id: true, title: 'Bad id', content: '', execution: 'B' },
      { id: 'x', title: 2, content: '', execution: 'B' },
      { id: 'y', title: 'No content', execution: 'B' },
      { id: 'z', title: 'Other execution', content: '', execution: 'C' },
      { id: 'b2', title: 'Two', content: '<p>2</p>', execution: 'B' },
    ];
    stub = stubFetch(() => json({ success: true, value: list }));
    const model = await started();
    expect(model.ready.value!.items.map((i) => [i.id, i.title])).to.deep.equal([
      ['1', 'One'],
      ['b2', 'Two'],
    ]);
  });

  it('an answer that is not a list, or a refused call, shows nothing and asks no more', async () => {
    for (const answer of [json({ success: true, value: { id: 'b1' } }), json({ success: false }, 500)]) {
      stub!.restore();
      stub = stubFetch(() => answer);
      const model = announcementModel();
      stop = model.connect();
      await clock!.tickAsync(ANNOUNCEMENT_LOAD_DELAY_MS);
      expect(loads()).to.equal(1);
      for (let i = 0; i < 20; i++) await new Promise((r) => realSetTimeout(r, 10));
      await clock!.tickAsync(ANNOUNCEMENT_POPUP_DELAY_MS * 5);
      expect(model.ready.value).to.equal(undefined);
      expect(model.wanted.value).to.equal(false);
      expect(loads()).to.equal(1);
      expect(notices.value).to.deep.equal([]);
      stop();
      stop = undefined;
    }
  });

  it('a stored record without a tick or never-show decides nothing: the session rule does', () => {
    expect(shouldShow('h', Date.UTC(2026, 10, 27), { local: { hash: 'h' } })).to.equal(true);
    expect(shouldShow('h', Date.UTC(2026, 10, 27), { local: { hash: 'h' }, session: { hash: 'h' } })).to.equal(false);
  });

  it('a member with no items of their own gets no popup', async () => {
    items = [item('b1', 'B'), item('f1', 'F')];
    saveSession({ token: 't', id: 7, userName: 'demo', type: 0, merchantCode: 'demo' });
    const model = announcementModel();
    stop = model.connect();
    await clock!.tickAsync(ANNOUNCEMENT_LOAD_DELAY_MS);
    expect(loads()).to.equal(1);
    for (let i = 0; i < 20; i++) await new Promise((r) => realSetTimeout(r, 10));
    await clock!.tickAsync(ANNOUNCEMENT_POPUP_DELAY_MS);
    expect(model.ready.value).to.equal(undefined);
  });

  it('a stored hidden state that is not one of ours is ignored: the popup shows', async () => {
    const hash = contentHash([item('b1', 'B'), item('b2', 'B')]);
    for (const stored of ['"x"', 'null', '42', JSON.stringify({ hash: 7 }), JSON.stringify({ never: true })]) {
      sessionStorage.setItem('SHELL_PU_B', stored);
      localStorage.setItem('SHELL_PU_B', stored);
      const model = await started();
      expect(model.ready.value?.hash, stored).to.equal(hash);
      stop!();
      stop = undefined;
    }
  });

  it('the hash tells a title from its content: text moved between them is new content', () => {
    const a = contentHash([{ ...item('x', 'A'), title: 'ab', content: 'c' }]);
    expect(contentHash([{ ...item('x', 'A'), title: 'a', content: 'bc' }])).to.not.equal(a);
    const two = contentHash([item('x', 'A', { title: 'a', content: 'b' }), item('y', 'A', { title: 'c', content: 'd' })]);
    expect(
      contentHash([item('x', 'A', { title: 'a', content: 'bc' }), item('y', 'A', { title: '', content: 'd' })]),
    ).to.not.equal(two);
  });

  it('the go-to-activity path: /m/activity with the promotion id, encoded; without one, /m/activity', () => {
    expect(activityPath(item('x', 'A', { promotionId: 'p 1&2' }))).to.equal('/m/activity?id=p%201%262');
    expect(activityPath(item('x', 'A'))).to.equal('/m/activity');
    expect(activityPath(item('x', 'A', { promotionId: '' }))).to.equal('/m/activity');
  });
});

describe('AnnouncementModel: the viewer (docs/product.md §1, §6)', () => {
  it('a visitor: member type -1, no id', () => {
    expect(currentViewer()).to.deep.equal({ memberType: -1 });
  });

  it('a member from the session; member info wins when it arrived; the VIP benefit from an AUTO label', () => {
    saveSession({ token: 't', id: 7, userName: 'demo', type: 2, merchantCode: 'demo' });
    expect(currentViewer()).to.deep.equal({ memberId: 7, firstTimeLogin: false, memberType: 2, vipBenefit: false });
    memberInfo.value = { id: 9, type: 1, clubLabel: { type: 'AUTO' } } as unknown as typeof memberInfo.value;
    expect(currentViewer()).to.deep.equal({ memberId: 9, firstTimeLogin: false, memberType: 1, vipBenefit: true });
    memberInfo.value = { id: 9, clubLabel: { type: 'MANUAL' } } as unknown as typeof memberInfo.value;
    expect(currentViewer()).to.deep.equal({ memberId: 9, firstTimeLogin: false, memberType: 2, vipBenefit: false });
  });

  it('a session with no member type counts as a member (type 0)', () => {
    saveSession({ token: 't', id: 7, userName: 'demo', type: 0, merchantCode: 'demo', firstTimeLogin: true });
    session.value = { ...session.value!, type: undefined as unknown as number };
    expect(currentViewer()).to.deep.equal({ memberId: 7, firstTimeLogin: true, memberType: 0, vipBenefit: false });
  });

  it('a session without a member id waits for the member info, then loads under its id', async () => {
    saveSession({ token: 't', userName: 'demo', type: 0, merchantCode: 'demo' });
    const model = announcementModel();
    stop = model.connect();
    await clock!.tickAsync(2000);
    expect(loads()).to.equal(0);
    memberInfo.value = { id: 9, type: 0 } as unknown as typeof memberInfo.value;
    await clock!.tickAsync(ANNOUNCEMENT_LOAD_DELAY_MS);
    expect(loads()).to.equal(1);
    await untilReady(model);
    expect(model.ready.value!.key).to.equal('SHELL_PU_A_9');
  });
});

describe('AnnouncementModel: stopping and closing twice', () => {
  it('stopped after the data arrived, it never becomes due', async () => {
    const model = await started();
    stop!();
    stop = undefined;
    await clock!.tickAsync(ANNOUNCEMENT_POPUP_DELAY_MS * 3);
    expect(model.due.value).to.equal(false);
  });

  it('stopped during the closing animation: nothing is stored, the page is not told', async () => {
    const model = await started();
    await clock!.tickAsync(ANNOUNCEMENT_POPUP_DELAY_MS);
    const closed: unknown[] = [];
    model.close('close', { hideAs: undefined, delayMs: 250, onClosed: (...a) => closed.push(a) });
    stop!();
    stop = undefined;
    await clock!.tickAsync(1000);
    expect(closed).to.deep.equal([]);
    expect(sessionStorage.getItem('SHELL_PU_B')).to.equal(null);
  });

  it('a second close or dismiss during the animation is ignored; closing before the data is nothing', async () => {
    const early = announcementModel();
    early.close('close', { hideAs: undefined, delayMs: 0 });
    expect(early.closing.value).to.equal(undefined);
    expect(early.done.value).to.equal(false);

    items = [item('b1', 'B', { forceRead: true }), item('b2', 'B')];
    const model = await started();
    await clock!.tickAsync(ANNOUNCEMENT_POPUP_DELAY_MS);
    const closed: unknown[] = [];
    const options = { hideAs: undefined, delayMs: 250, onClosed: (...a: unknown[]) => closed.push(a) };
    model.close('activity', options);
    model.close('close', options);
    model.dismiss(options);
    expect(model.index.value).to.equal(0);
    expect(model.closing.value).to.equal('activity');
    await clock!.tickAsync(250);
    expect(closed).to.deep.equal([['activity', undefined]]);
  });

  it('a visitor closes it, then signs in: the member gets their own popup, from the first slide', async () => {
    items = [item('b1', 'B'), item('b2', 'B'), item('a1', 'A'), item('a2', 'A')];
    const model = await started();
    await clock!.tickAsync(ANNOUNCEMENT_POPUP_DELAY_MS);
    model.index.value = 1;
    model.close('close', { hideAs: undefined, delayMs: 0 });
    expect(model.done.value).to.equal(true);
    saveSession({ token: 't', id: 7, userName: 'demo', type: 0, merchantCode: 'demo' });
    expect(model.ready.value).to.equal(undefined);
    expect(model.done.value).to.equal(false);
    expect(model.index.value).to.equal(0);
    await clock!.tickAsync(ANNOUNCEMENT_LOAD_DELAY_MS);
    await untilReady(model);
    await clock!.tickAsync(ANNOUNCEMENT_POPUP_DELAY_MS);
    expect(model.ready.value!.items.map((i) => i.id)).to.deep.equal(['a1', 'a2']);
    expect(model.wanted.value).to.equal(true);
    expect(model.item.value?.id).to.equal('a1');
  });

  it('the current item never runs past the last one', async () => {
    const model = await started();
    model.index.value = 5;
    expect(model.item.value?.id).to.equal('b2');
    model.index.value = 0;
    expect(model.item.value?.id).to.equal('b1');
  });
});
