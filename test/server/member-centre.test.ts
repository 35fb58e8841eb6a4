/**
 * The member centre (docs/api.md, "Member centre"; docs/server.md, "Member centre"): every /wps/mc
 * call against the contract's types, the refusals, claims sent together (credited once), the daily
 * sign-in in the member's pinned zone on a moving clock, the rescue's rule, expiry on read, the
 * leaderboard's masking, feedback images and limits, referral codes, the demo seed and the dev
 * controls. One in-memory app; each test that changes money uses a member of its own.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, before, describe, test } from 'node:test';
import type {
  ClaimResult,
  FeedbackEntry,
  Leaderboard,
  McOverview,
  NoviceTask,
  Referral,
  RescueState,
  Reward,
  SignInBoard,
  SignInResult,
  VipLevel,
  Voucher,
} from '../../src/contract/endpoints.ts';
import { FEEDBACK_MAX, FEEDBACK_MIN, SIGN_IN_CYCLE } from '../../src/contract/constants.ts';
import { clock } from '../../server/infra/limits.ts';
import { CODE_ALPHABET } from '../../server/member-centre/referral.ts';
import { maskName } from '../../server/member-centre/leaderboard.ts';
import { DEMO_LOSS, DEMO_RULES, DEMO_TASKS } from '../../server/member-centre/seed.ts';
import { call, loginBody, registerBody, rsaKeyOf, sealedCall, testApp, type Answer, type CallOptions } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
let rsaKey: string;
let demoToken: string;

const DAY = 24 * 60 * 60 * 1000;
const MC = '/wps/mc';

before(async () => {
  wps = await testApp();
  rsaKey = await rsaKeyOf(wps);
  const a = await sealedCall(wps, '/wps/session/login', loginBody('demo', 'Demo1234'), rsaKey);
  assert.equal(a.status, 200, JSON.stringify(a.body));
  demoToken = a.body.value.token;
});
after(() => wps.close());
afterEach(async () => {
  assert.equal((await call(wps, 'POST', '/dev/reset')).status, 200);
});

/** A new member of the demo merchant: its username and session token. */
async function newMember(prefix = 'mc'): Promise<{ username: string; token: string }> {
  const username = `${prefix}${randomBytes(4).toString('hex')}`.slice(0, 16);
  const a = await sealedCall(wps, '/wps/member/register', registerBody(username, 'Fresh1234'), rsaKey);
  assert.equal(a.status, 200, JSON.stringify(a.body));
  return { username, token: a.body.value.token };
}

const get = <T = any>(path: string, token: string | undefined, o: CallOptions = {}) =>
  call(wps, 'GET', `${MC}${path}`, { token, ...o }) as Promise<Answer<T>>;
const post = <T = any>(path: string, token: string | undefined, body: unknown, o: CallOptions = {}) =>
  call(wps, 'POST', `${MC}${path}`, { token, body, ...o }) as Promise<Answer<T>>;
const devPost = (path: string, body: unknown) => call(wps, 'POST', path, { body });

async function ok<T>(answer: Promise<Answer<T>>): Promise<T> {
  const a = await answer;
  assert.equal(a.status, 200, JSON.stringify(a.body));
  assert.equal(a.body.success, true);
  return a.body.value as T;
}

async function refused(answer: Promise<Answer>, status: number, errorCode: string) {
  const a = await answer;
  assert.equal(a.status, status, JSON.stringify(a.body));
  assert.equal(a.body.success, false);
  assert.equal(a.body.errorCode, errorCode, JSON.stringify(a.body));
  assert.equal(typeof a.body.message, 'string');
  // The server keeps serving.
  assert.equal((await get('/vip/levels', undefined)).status, 200);
  return a.body;
}

/** Runs `fn` with the server's clock moved by `ms`. */
async function later<T>(ms: number, fn: () => T | Promise<T>): Promise<T> {
  const real = clock.now;
  clock.now = () => real() + ms;
  try {
    return await fn();
  } finally {
    clock.now = real;
  }
}

/** The clock at a fixed instant (a UTC noon, so a day's steps never cross a date line by accident). */
async function at<T>(ms: number, fn: () => T | Promise<T>): Promise<T> {
  const real = clock.now;
  clock.now = () => ms;
  try {
    return await fn();
  } finally {
    clock.now = real;
  }
}

const isCents = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && Math.round(n * 100) / 100 === n;

function assertClaim(v: ClaimResult, id: string, amount: number) {
  assert.deepEqual(Object.keys(v).sort(), ['amount', 'balance', 'claimedAt', 'credited', 'currency', 'id']);
  assert.equal(v.id, id);
  assert.equal(v.amount, amount);
  assert.equal(v.currency, 'PHP');
  assert.ok(isCents(v.balance));
  assert.equal(typeof v.claimedAt, 'number');
}

async function balanceOf(token: string): Promise<number> {
  return (await ok(get<McOverview>('/overview', token))).balance;
}

/** N identical claims at once: all succeed, exactly one credits, the balance grew once. */
async function claimTogether(path: string, token: string, body: unknown, amount: number, n = 10) {
  const before = await balanceOf(token);
  const answers = await Promise.all(Array.from({ length: n }, () => post<ClaimResult>(path, token, body)));
  for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
  const values = answers.map((a) => a.body.value!);
  assert.equal(values.filter((v) => v.credited).length, 1);
  assert.equal(new Set(values.map((v) => v.claimedAt)).size, 1);
  assert.equal(await balanceOf(token), Math.round((before + amount) * 100) / 100);
  for (const v of values) assert.equal(v.amount, amount);
  return values;
}

describe('sessions and refusals', () => {
  const AUTH_CALLS: [string, string, unknown?][] = [
    ['GET', '/overview'],
    ['GET', '/rewards'],
    ['POST', '/rewards/claim', { id: 'abc' }],
    ['GET', '/vouchers'],
    ['POST', '/vouchers/claim', { id: 'abc' }],
    ['GET', '/signIn'],
    ['POST', '/signIn', { timeZone: 'UTC' }],
    ['GET', '/tasks'],
    ['POST', '/tasks/claim', { id: 'profile' }],
    ['GET', '/rescue'],
    ['POST', '/rescue/claim', { period: '2026-01-01' }],
    ['GET', '/leaderboard'],
    ['GET', '/feedback'],
    ['POST', '/feedback', { category: 'bug', content: 'x'.repeat(20) }],
    ['GET', '/referral'],
  ];

  test('every member call answers 401 CUSTOMER_NOT_LOGIN without a session (or with a bad one)', async () => {
    for (const [method, path, body] of AUTH_CALLS) {
      await refused(call(wps, method, `${MC}${path}`, { body }), 401, 'CUSTOMER_NOT_LOGIN');
      await refused(call(wps, method, `${MC}${path}`, { body, token: 'not-a-token' }), 401, 'CUSTOMER_NOT_LOGIN');
    }
  });

  test('a token of one merchant is refused by another', async () => {
    await refused(get('/overview', demoToken, { merchant: 'demo2' }), 401, 'CUSTOMER_NOT_LOGIN');
  });

  test('the public calls need no session', async () => {
    assert.equal((await get('/vip/levels', undefined)).status, 200);
    assert.equal((await get('/referral/rules', undefined)).status, 200);
  });

  test('bad input: ids, periods, time zones, JSON', async () => {
    const { token } = await newMember();
    for (const id of ['', 'a b', 'x'.repeat(65), '../etc', 'é']) {
      await refused(post('/rewards/claim', token, { id }), 400, 'request.invalid');
      await refused(post('/vouchers/claim', token, { id }), 400, 'request.invalid');
      await refused(post('/tasks/claim', token, { id }), 400, 'request.invalid');
    }
    await refused(post('/rewards/claim', token, { id: 7 }), 400, 'request.invalid');
    await refused(post('/rewards/claim', token, undefined, { raw: '{nope' }), 400, 'request.malformed');
    await refused(post('/rewards/claim', token, undefined, { raw: '[]' }), 400, 'request.malformed');
    await refused(get('/leaderboard?period=year', token), 400, 'request.invalid');
    for (const period of ['yesterday', '2026-1-01', '2026-02-30', '2026-13-01']) {
      await refused(post('/rescue/claim', token, { period }), 400, 'request.invalid');
    }
    for (const timeZone of ['Mars/Olympus_Mons', 'UTC+25', '', 'Europe/../etc']) {
      const a = await refused(post('/signIn', token, { timeZone }), 400, 'request.invalid');
      assert.match(String(a.message), /timeZone/);
    }
    const a = await refused(get('/signIn?timeZone=Not/AZone', token), 400, 'request.invalid');
    assert.match(String(a.message), /timeZone/);
  });
});

describe('overview, rewards and vouchers', () => {
  test('the demo member has seeded data: available, claimed and expired rewards, every voucher kind, a rescue', async () => {
    const overview = await ok(get<McOverview>('/overview', demoToken));
    assert.deepEqual(Object.keys(overview).sort(), [
      'balance',
      'currency',
      'rescue',
      'rewards',
      'signedToday',
      'tasks',
      'vouchers',
    ]);
    assert.equal(overview.currency, 'PHP');
    assert.ok(isCents(overview.balance));
    const rewards = await ok(get<Reward[]>('/rewards', demoToken));
    const states = new Set(rewards.map((r) => r.state));
    for (const s of ['available', 'claimed', 'expired'] as const) assert.ok(states.has(s), s);
    for (const r of rewards) {
      assert.match(r.id, /^[A-Za-z0-9_-]{1,64}$/);
      assert.ok(isCents(r.amount));
      assert.equal(typeof r.title, 'string');
      if (r.state === 'claimed') assert.equal(typeof r.claimedAt, 'number');
      if (r.state === 'expired') assert.ok(r.expiresAt! <= Date.now());
    }
    const vouchers = await ok(get<Voucher[]>('/vouchers', demoToken));
    assert.deepEqual(new Set(vouchers.map((v) => v.kind)), new Set(['BONUS', 'FREE_SPINS', 'CASHBACK']));
    assert.ok(vouchers.some((v) => v.state === 'expired'));
    assert.equal(overview.rewards, rewards.filter((r) => r.state === 'available').length);
    assert.equal(overview.vouchers, vouchers.filter((v) => v.state === 'available').length);
    assert.equal(overview.rescue, true);
    assert.equal(overview.tasks, 1);
  });

  test('a reward claimed ten times at once credits once; a later repeat answers credited: false', async () => {
    const { username, token } = await newMember();
    const overview = await ok(get<McOverview>('/overview', token));
    assert.deepEqual(overview, {
      balance: 0,
      currency: 'PHP',
      rewards: 0,
      vouchers: 0,
      tasks: 0,
      signedToday: false,
      rescue: false,
    });
    const { id } = (await ok(devPost('/dev/member-centre/rewards', { username, title: 'Gift', amount: 12.34 }))) as {
      id: string;
    };
    assert.equal((await ok(get<McOverview>('/overview', token))).rewards, 1);
    const values = await claimTogether('/rewards/claim', token, { id }, 12.34);
    for (const v of values) assertClaim(v, id, 12.34);
    const again = await ok(post<ClaimResult>('/rewards/claim', token, { id }));
    assert.equal(again.credited, false);
    assert.equal(again.balance, 12.34);
    const [reward] = await ok(get<Reward[]>('/rewards', token));
    assert.equal(reward!.state, 'claimed');
    assert.equal(reward!.claimedAt, again.claimedAt);
    assert.equal((await ok(get<McOverview>('/overview', token))).rewards, 0);
  });

  test('a voucher claimed at once credits its bonus once; free spins and cashback credit no money', async () => {
    const { username, token } = await newMember();
    const bonus = (
      await ok(devPost('/dev/member-centre/vouchers', { username, title: 'B', kind: 'BONUS', value: 25, minDeposit: 100 }))
    ).id as string;
    const spins = (await ok(devPost('/dev/member-centre/vouchers', { username, title: 'S', kind: 'FREE_SPINS', value: 20 })))
      .id as string;
    const vouchers = await ok(get<Voucher[]>('/vouchers', token));
    assert.equal(vouchers.find((v) => v.id === bonus)!.minDeposit, 100);
    assert.match(vouchers.find((v) => v.id === bonus)!.code, /^[A-Z0-9]{1,8}$/);
    await claimTogether('/vouchers/claim', token, { id: bonus }, 25, 5);
    const s = await ok(post<ClaimResult>('/vouchers/claim', token, { id: spins }));
    assert.equal(s.credited, true);
    assert.equal(s.amount, 0);
    assert.equal(s.balance, 25);
    assert.equal((await ok(post<ClaimResult>('/vouchers/claim', token, { id: spins }))).credited, false);
  });

  test("unknown ids and another member's items are 404; expired ones 409, and expiry shows on read", async () => {
    const a = await newMember();
    const b = await newMember();
    const reward = (await ok(devPost('/dev/member-centre/rewards', { username: a.username, title: 'R', amount: 5 })))
      .id as string;
    const voucher = (
      await ok(devPost('/dev/member-centre/vouchers', { username: a.username, title: 'V', kind: 'BONUS', value: 5 }))
    ).id as string;
    await refused(post('/rewards/claim', b.token, { id: reward }), 404, 'reward.not.found');
    await refused(post('/rewards/claim', a.token, { id: 'nothing-here' }), 404, 'reward.not.found');
    await refused(post('/vouchers/claim', b.token, { id: voucher }), 404, 'voucher.not.found');
    await refused(post('/rewards/claim', a.token, { id: voucher }), 404, 'reward.not.found');
    await refused(post('/tasks/claim', a.token, { id: 'no-such-task' }), 404, 'task.not.found');

    const expired = (
      await ok(
        devPost('/dev/member-centre/rewards', { username: a.username, title: 'Old', amount: 5, expiresAt: Date.now() - 1 }),
      )
    ).id as string;
    await refused(post('/rewards/claim', a.token, { id: expired }), 409, 'reward.expired');
    const soon = (
      await ok(
        devPost('/dev/member-centre/vouchers', {
          username: a.username,
          title: 'Soon',
          kind: 'CASHBACK',
          value: 3,
          expiresAt: Date.now() + 60 * 60_000,
        }),
      )
    ).id as string;
    assert.equal((await ok(get<Voucher[]>('/vouchers', a.token))).find((v) => v.id === soon)!.state, 'available');
    assert.equal((await ok(get<McOverview>('/overview', a.token))).vouchers, 2);
    await later(2 * 60 * 60_000, async () => {
      assert.equal((await ok(get<Voucher[]>('/vouchers', a.token))).find((v) => v.id === soon)!.state, 'expired');
      assert.equal((await ok(get<McOverview>('/overview', a.token))).vouchers, 1);
      await refused(post('/vouchers/claim', a.token, { id: soon }), 409, 'voucher.expired');
    });
    assert.equal((await ok(get<Reward[]>('/rewards', a.token))).find((r) => r.id === expired)!.state, 'expired');
    assert.equal(await balanceOf(a.token), 0);
  });
});

describe('daily sign-in', () => {
  // 2030-03-04 is a Monday; 12:00 UTC.
  const NOON = Date.UTC(2030, 2, 4, 12);

  test('the board before any sign-in: the cycle, UTC or the given zone until one is pinned', async () => {
    const { token } = await newMember();
    const board = await at(NOON, () => ok(get<SignInBoard>('/signIn', token)));
    assert.deepEqual(board, {
      today: '2030-03-04',
      timeZone: 'UTC',
      signedToday: false,
      streak: 0,
      nextDay: 1,
      days: DEMO_RULES.signInAmounts.map((amount, i) => ({ day: i + 1, amount })),
      recent: [],
    });
    assert.equal(board.days.length, SIGN_IN_CYCLE);
    // 12:00 UTC is already the next day at UTC+14.
    const kiritimati = await at(NOON, () => ok(get<SignInBoard>('/signIn?timeZone=Pacific/Kiritimati', token)));
    assert.equal(kiritimati.today, '2030-03-05');
    assert.equal(kiritimati.timeZone, 'Pacific/Kiritimati');
  });

  test('one sign-in per local day, also when sent together; it credits and advances the SIGN_IN task', async () => {
    const { token } = await newMember();
    await at(NOON, async () => {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => post<SignInResult>('/signIn', token, { timeZone: 'UTC' })),
      );
      const won = answers.filter((a) => a.status === 200);
      assert.equal(won.length, 1, JSON.stringify(answers.map((a) => a.body)));
      for (const a of answers.filter((x) => x.status !== 200)) {
        assert.equal(a.status, 409);
        assert.equal(a.body.errorCode, 'signin.already.today');
      }
      assert.deepEqual(won[0]!.body.value, { date: '2030-03-04', day: 1, amount: 1, streak: 1, balance: 1, currency: 'PHP' });
      await refused(post('/signIn', token, { timeZone: 'UTC' }), 409, 'signin.already.today');
      const board = await ok(get<SignInBoard>('/signIn', token));
      assert.equal(board.signedToday, true);
      assert.equal(board.streak, 1);
      assert.equal(board.nextDay, 2);
      assert.deepEqual(board.recent, ['2030-03-04']);
      assert.equal((await ok(get<McOverview>('/overview', token))).signedToday, true);
      const task = (await ok(get<NoviceTask[]>('/tasks', token))).find((t) => t.kind === 'SIGN_IN')!;
      assert.equal(task.progress, 1);
      assert.equal(task.state, 'open');
    });
    assert.equal(await balanceOf(token), 1);
  });

  test('the zone is pinned at the first sign-in: another zone cannot sign a second day', async () => {
    const { token } = await newMember();
    await at(NOON, async () => {
      // UTC-11: 2030-03-04 01:00.
      const first = await ok(post<SignInResult>('/signIn', token, { timeZone: 'Pacific/Pago_Pago' }));
      assert.equal(first.date, '2030-03-04');
      // UTC+14 would be 2030-03-05 02:00: still the pinned zone's 2030-03-04.
      await refused(post('/signIn', token, { timeZone: 'Pacific/Kiritimati' }), 409, 'signin.already.today');
      const board = await ok(get<SignInBoard>('/signIn?timeZone=Pacific/Kiritimati', token));
      assert.equal(board.timeZone, 'Pacific/Pago_Pago');
      assert.equal(board.today, '2030-03-04');
    });
    // The pinned zone's next day.
    const next = await at(NOON + DAY, () => ok(post<SignInResult>('/signIn', token, { timeZone: 'Asia/Tokyo' })));
    assert.equal(next.date, '2030-03-05');
    assert.equal(next.day, 2);
  });

  test('consecutive days advance the cycle, a missed day restarts it, after day 7 comes day 1', async () => {
    const { token } = await newMember();
    const signAt = (day: number) => at(NOON + day * DAY, () => ok(post<SignInResult>('/signIn', token, { timeZone: 'UTC' })));
    const amounts = DEMO_RULES.signInAmounts;
    let total = 0;
    for (let d = 0; d < 7; d++) {
      const r = await signAt(d);
      assert.equal(r.day, d + 1);
      assert.equal(r.streak, d + 1);
      assert.equal(r.amount, amounts[d]);
      total += amounts[d]!;
      assert.equal(r.balance, total);
    }
    const eighth = await signAt(7);
    assert.equal(eighth.day, 1);
    assert.equal(eighth.streak, 8);
    assert.equal(eighth.amount, amounts[0]);
    assert.equal((await signAt(8)).day, 2);
    // Day 9 missed: the board says the streak is gone, the next sign-in is day 1.
    const board = await at(NOON + 10 * DAY, () => ok(get<SignInBoard>('/signIn', token)));
    assert.equal(board.streak, 0);
    assert.equal(board.nextDay, 1);
    assert.equal(board.recent.length, 9);
    assert.equal(board.recent[0], '2030-03-12');
    const restart = await signAt(10);
    assert.equal(restart.day, 1);
    assert.equal(restart.streak, 1);
    // The SIGN_IN task (goal 3) is claimable since the third day, once.
    const task = (await ok(get<NoviceTask[]>('/tasks', token))).find((t) => t.kind === 'SIGN_IN')!;
    assert.equal(task.state, 'claimable');
    assert.equal(task.progress, task.goal);
  });

  test('the dev control forgets the sign-ins and the pinned zone', async () => {
    const { username, token } = await newMember();
    await ok(post('/signIn', token, { timeZone: 'Asia/Manila' }));
    assert.deepEqual(await ok(devPost('/dev/member-centre/sign-ins/reset', { username })), { deleted: 1 });
    const board = await ok(get<SignInBoard>('/signIn', token));
    assert.equal(board.signedToday, false);
    assert.equal(board.timeZone, 'UTC');
    assert.equal((await ok(post<SignInResult>('/signIn', token, { timeZone: 'Asia/Manila' }))).day, 1);
  });
});

describe('novice tasks', () => {
  test('definitions, progress, claim once (also at once), not done', async () => {
    const { username, token } = await newMember();
    const tasks = await ok(get<NoviceTask[]>('/tasks', token));
    assert.deepEqual(
      tasks.map((t) => [t.id, t.kind, t.goal, t.progress, t.state, t.link]),
      DEMO_TASKS.map((t) => [t.id, t.kind, t.goal, 0, 'open', t.link ?? undefined]),
    );
    await refused(post('/tasks/claim', token, { id: 'play-5' }), 409, 'task.not.done');
    await ok(devPost('/dev/member-centre/tasks', { username, task: 'play-5', progress: 4 }));
    await refused(post('/tasks/claim', token, { id: 'play-5' }), 409, 'task.not.done');
    await ok(devPost('/dev/member-centre/tasks', { username, task: 'play-5', progress: 99 }));
    const play = (await ok(get<NoviceTask[]>('/tasks', token))).find((t) => t.id === 'play-5')!;
    assert.equal(play.progress, 5);
    assert.equal(play.state, 'claimable');
    assert.equal((await ok(get<McOverview>('/overview', token))).tasks, 1);
    const values = await claimTogether('/tasks/claim', token, { id: 'play-5' }, 15);
    for (const v of values) assertClaim(v, 'play-5', 15);
    assert.equal((await ok(get<NoviceTask[]>('/tasks', token))).find((t) => t.id === 'play-5')!.state, 'claimed');
    assert.equal((await ok(get<McOverview>('/overview', token))).tasks, 0);
  });
});

describe('rescue', () => {
  test('yesterday in the member zone; below the minimum, the rate, the cap; claimed once; past and future periods', async () => {
    const { username, token } = await newMember();
    const none = await ok(get<RescueState>('/rescue', token));
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    assert.equal(none.period, yesterday);
    assert.deepEqual(
      { ...none, claimableUntil: 0 },
      {
        currency: 'PHP',
        period: yesterday,
        loss: 0,
        ...DEMO_RULES.rescue,
        amount: 0,
        state: 'ineligible',
        claimableUntil: 0,
      },
    );
    const today = new Date().toISOString().slice(0, 10);
    assert.equal(none.claimableUntil, Date.parse(`${today}T00:00:00Z`) + DAY);

    const setLoss = async (loss: number) => {
      assert.deepEqual(await ok(devPost('/dev/member-centre/loss', { username, loss })), { period: yesterday, loss });
      return ok(get<RescueState>('/rescue', token));
    };
    assert.equal((await setLoss(99.99)).state, 'ineligible');
    await refused(post('/rescue/claim', token, { period: yesterday }), 409, 'rescue.not.eligible');
    assert.equal((await setLoss(100)).amount, 10);
    assert.equal((await setLoss(1234.56)).amount, 123.46);
    const capped = await setLoss(9000);
    assert.equal(capped.amount, 500);
    assert.equal(capped.state, 'available');
    assert.equal((await ok(get<McOverview>('/overview', token))).rescue, true);

    await refused(post('/rescue/claim', token, { period: today }), 409, 'rescue.not.eligible');
    const values = await claimTogether('/rescue/claim', token, { period: yesterday }, 500);
    for (const v of values) assertClaim(v, yesterday, 500);
    const after = await ok(get<RescueState>('/rescue', token));
    assert.equal(after.state, 'claimed');
    assert.equal(after.amount, 500);
    assert.equal((await ok(get<McOverview>('/overview', token))).rescue, false);

    // The next day: yesterday's period is past; its claim still answers as a repeat.
    await later(DAY, async () => {
      const repeat = await ok(post<ClaimResult>('/rescue/claim', token, { period: yesterday }));
      assert.equal(repeat.credited, false);
      const dayBefore = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
      await refused(post('/rescue/claim', token, { period: dayBefore }), 409, 'rescue.expired');
    });
  });

  test("the demo member's seeded loss gives a rescue of 125", async () => {
    const r = await ok(get<RescueState>('/rescue', demoToken));
    assert.equal(r.loss, DEMO_LOSS);
    assert.equal(r.amount, 125);
    assert.equal(r.state, 'available');
  });
});

describe('leaderboard', () => {
  test('maskName: two and two of a long name, less of a short one', () => {
    assert.equal(maskName('player01'), 'pl***01');
    assert.equal(maskName('abcdef'), 'ab***ef');
    assert.equal(maskName('abcde'), 'a***e');
    assert.equal(maskName('abc'), 'a***');
    assert.equal(maskName('a'), 'a***');
  });

  test('seeded just after midnight UTC on the first of a month, a Monday: every board still holds its 20', async () => {
    // The demo seed once spread its players over the minutes before now: in a period's first 25
    // minutes most of them fell into the period before, and the day, week and month boards were short.
    await at(Date.UTC(2026, 5, 1, 0, 5), async () => {
      // A server started then: the seed makes each period's board when the period is new.
      const early = await testApp();
      try {
        const login = await sealedCall(early, '/wps/session/login', loginBody('demo', 'Demo1234'), await rsaKeyOf(early));
        assert.equal(login.status, 200, JSON.stringify(login.body));
        for (const period of ['day', 'week', 'month'] as const) {
          const answer = await call(early, 'GET', `${MC}/leaderboard?period=${period}`, { token: login.body.value.token });
          const board = await ok(Promise.resolve(answer as Answer<Leaderboard>));
          assert.equal(board.startsAt, Date.UTC(2026, 5, 1), `${period} starts at midnight`);
          assert.equal(board.entries.length, 20, period);
        }
      } finally {
        await early.close();
      }
    });
  });

  test('the top 20 by score, masked but the member, their own place, prizes for the top 3', async () => {
    for (const period of ['day', 'week', 'month'] as const) {
      const board = await ok(get<Leaderboard>(`/leaderboard?period=${period}`, demoToken));
      assert.equal(board.period, period);
      assert.equal(board.currency, 'PHP');
      assert.ok(board.startsAt <= Date.now() && Date.now() < board.endsAt);
      assert.equal(board.entries.length, 20);
      assert.deepEqual(
        board.entries.map((e) => e.rank),
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      for (let i = 1; i < 20; i++) assert.ok(board.entries[i - 1]!.score >= board.entries[i]!.score);
      assert.deepEqual(
        board.entries.slice(0, 4).map((e) => e.prize),
        [...DEMO_RULES.prizes[period], undefined],
      );
      const mine = board.entries.filter((e) => e.me);
      if (board.me.rank !== undefined && board.me.rank <= 20) {
        assert.equal(mine.length, 1);
        assert.equal(mine[0]!.name, 'demo');
        assert.equal(mine[0]!.rank, board.me.rank);
      }
      for (const e of board.entries.filter((x) => !x.me)) assert.match(e.name, /\*\*\*/);
      assert.equal(board.me.name, 'demo');
    }
    const week = await ok(get<Leaderboard>('/leaderboard?period=week', demoToken));
    assert.equal(new Date(week.startsAt).getUTCDay(), 1);
    assert.equal(week.endsAt - week.startsAt, 7 * DAY);
    assert.equal((await ok(get<Leaderboard>('/leaderboard', demoToken))).period, 'day');
  });

  test('a member without a score has no rank; with one, a place (ties: the earlier first)', async () => {
    const { username, token } = await newMember('board');
    const empty = await ok(get<Leaderboard>('/leaderboard?period=month', token));
    assert.deepEqual(empty.me, { score: 0, name: username });
    assert.ok(empty.entries.every((e) => !e.me));
    const top = empty.entries[0]!.score;
    await ok(devPost('/dev/member-centre/score', { username, period: 'month', score: top }));
    const board = await ok(get<Leaderboard>('/leaderboard?period=month', token));
    assert.equal(board.me.rank, 2);
    assert.deepEqual(board.entries[1], { rank: 2, name: username, score: top, prize: DEMO_RULES.prizes.month[1], me: true });
    await ok(devPost('/dev/member-centre/score', { username, period: 'month', score: top + 0.01 }));
    assert.equal((await ok(get<Leaderboard>('/leaderboard?period=month', token))).me.rank, 1);
    // Others see the name masked.
    const seen = (await ok(get<Leaderboard>('/leaderboard?period=month', demoToken))).entries[0]!;
    assert.equal(seen.name, maskName(username));
    assert.equal(seen.me, undefined);
  });
});

describe('VIP levels and referral', () => {
  test('the labels lowest first with their benefits', async () => {
    const levels = await ok(get<VipLevel[]>('/vip/levels', undefined));
    assert.deepEqual(
      levels.map((l) => l.name),
      ['VIP1', 'VIP2', 'VIP3', 'VIP4', 'VIP5', 'Diamond Club'],
    );
    for (let i = 1; i < levels.length; i++) assert.ok(levels[i - 1]!.rankLevel <= levels[i]!.rankLevel);
    for (const l of levels) {
      assert.deepEqual(Object.keys(l).sort(), ['benefits', 'expectedConditions', 'id', 'name', 'rankLevel', 'type']);
      assert.ok(l.benefits.length > 0);
    }
    assert.ok(levels[4]!.benefits.some((b) => b.kind === 'PRIORITY_SUPPORT' && b.value === 1));
  });

  test('the rules follow the REFERRAL promotion; a code on first read; friends who register and deposit', async () => {
    const rules = await ok(get('/referral/rules', undefined));
    assert.deepEqual(rules, { enabled: true, currency: 'PHP', ...DEMO_RULES.referral });
    await ok(devPost('/dev/promotions', { type: 'REFERRAL', enabled: false }));
    assert.equal((await ok(get('/referral/rules', undefined))).enabled, false);
    await ok(devPost('/dev/promotions', { type: 'REFERRAL', enabled: true }));

    const { token } = await newMember();
    const first = await ok(get<Referral>('/referral', token));
    assert.match(first.code, new RegExp(`^[${CODE_ALPHABET}]{8}$`));
    assert.doesNotMatch(first.code, /[01OI]/);
    assert.deepEqual(first, { code: first.code, invited: 0, qualified: 0, earned: 0, currency: 'PHP' });
    assert.equal((await ok(get<Referral>('/referral', token))).code, first.code);

    for (const code of [first.code, first.code.toLowerCase()]) {
      const name = `fr${randomBytes(4).toString('hex')}`;
      const a = await sealedCall(wps, '/wps/member/register', registerBody(name, 'Fresh1234', { referralCode: code }), rsaKey);
      assert.equal(a.status, 200, JSON.stringify(a.body));
      if (code === first.code) await wps.db!.query('UPDATE members SET deposit_total = 150 WHERE id = $1', [a.body.value.id]);
    }
    assert.deepEqual(await ok(get<Referral>('/referral', token)), {
      code: first.code,
      invited: 2,
      qualified: 1,
      earned: DEMO_RULES.referral.rewardPerFriend,
      currency: 'PHP',
    });
  });
});

describe('feedback', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
  const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
  const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;

  test('stored with or without an image, the list newest first; the dev control lists it', async () => {
    const { username, token } = await newMember();
    const first = await ok(post<FeedbackEntry>('/feedback', token, { category: 'bug', content: '  The page froze twice.  ' }));
    assert.deepEqual(
      { ...first, id: 0, createdAt: 0 },
      { id: 0, category: 'bug', content: 'The page froze twice.', hasImage: false, createdAt: 0, status: 'received' },
    );
    for (const [type, bytes] of [
      ['png', PNG],
      ['jpeg', JPEG],
      ['webp', WEBP],
    ] as const) {
      const e = await later(1000, () =>
        ok(
          post<FeedbackEntry>('/feedback', token, {
            category: 'payment',
            content: 'See the screenshot.',
            image: dataUrl(type, bytes),
          }),
        ),
      );
      assert.equal(e.hasImage, true);
    }
    const list = await ok(get<FeedbackEntry[]>('/feedback', token));
    assert.equal(list.length, 4);
    assert.equal(list[3]!.id, first.id);
    assert.ok(list[0]!.createdAt >= list[3]!.createdAt);
    assert.deepEqual(await ok(get<FeedbackEntry[]>('/feedback', demoToken)), []);
    const listed = (await ok(call(wps, 'GET', '/dev/member-centre/feedback'))) as { username: string; imageBytes: number }[];
    assert.equal(listed.filter((f) => f.username === username).length, 4);
    assert.ok(listed.some((f) => f.username === username && f.imageBytes === PNG.length));
  });

  test('refused: too short, too long, unknown category, an image that is not what it says, NUL', async () => {
    const { token } = await newMember();
    const send = (body: unknown) => post('/feedback', token, body);
    await refused(send({ category: 'bug', content: 'x'.repeat(FEEDBACK_MIN - 1) }), 400, 'request.invalid');
    await refused(send({ category: 'bug', content: `  ${'x'.repeat(FEEDBACK_MIN - 1)}  ` }), 400, 'request.invalid');
    await refused(send({ category: 'bug', content: 'x'.repeat(FEEDBACK_MAX + 1) }), 400, 'request.invalid');
    await refused(send({ category: 'love', content: 'x'.repeat(20) }), 400, 'request.invalid');
    await refused(send({ category: 'bug', content: `${'x'.repeat(20)}\u0000` }), 400, 'request.invalid');
    for (const image of [
      dataUrl('png', JPEG),
      dataUrl('jpeg', PNG),
      dataUrl('webp', Buffer.from('RIFF0000WAVEfmt ')),
      dataUrl('png', Buffer.from('<svg onload=alert(1)>')),
      'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      'https://example.com/a.png',
    ]) {
      const a = await refused(send({ category: 'bug', content: 'x'.repeat(20), image }), 400, 'request.invalid');
      assert.match(String(a.message), /image/);
    }
    assert.deepEqual(await ok(get('/feedback', token)), []);
  });

  test('a body over 512 KiB is 413; one just under goes through to the schema', async () => {
    const { token } = await newMember();
    const big = JSON.stringify({ category: 'bug', content: 'x'.repeat(20), image: dataUrl('png', Buffer.alloc(400 * 1024)) });
    assert.ok(big.length > 512 * 1024);
    await refused(post('/feedback', token, undefined, { raw: big }), 413, 'request.too.large');
    // Over the default 64 KiB but within the row's limit: the image is read and checked.
    const image = dataUrl('jpeg', Buffer.concat([JPEG, Buffer.alloc(200 * 1024)]));
    const e = await ok(post<FeedbackEntry>('/feedback', token, { category: 'game', content: 'A big screenshot.', image }));
    assert.equal(e.hasImage, true);
    // The other calls keep their 64 KiB.
    await refused(
      post('/rewards/claim', token, undefined, { raw: JSON.stringify({ id: 'x', pad: 'y'.repeat(70 * 1024) }) }),
      413,
      'request.too.large',
    );
  });

  test('five an hour per member, then 429 TOO_MANY_REQUEST_FEEDBACK with retryAfter', async () => {
    const { token } = await newMember();
    const other = await newMember();
    for (let i = 0; i < 5; i++) await ok(post('/feedback', token, { category: 'other', content: `Message number ${i}` }));
    const a = await refused(
      post('/feedback', token, { category: 'other', content: 'One more message' }),
      429,
      'TOO_MANY_REQUEST_FEEDBACK',
    );
    assert.ok(a.value.retryAfter > 0);
    await ok(post('/feedback', other.token, { category: 'other', content: 'Another member' }));
    await later(61 * 60_000, () => ok(post('/feedback', token, { category: 'other', content: 'An hour later' })));
  });
});

describe('dev controls', () => {
  test('refuse bad bodies and unknown members', async () => {
    const { username } = await newMember();
    const bad: [string, unknown, number, string][] = [
      ['/dev/member-centre/rewards', { username, title: 'T', amount: -1 }, 400, 'request.invalid'],
      ['/dev/member-centre/rewards', { username, title: 'T', amount: 1.234 }, 400, 'request.invalid'],
      ['/dev/member-centre/rewards', { username, title: '', amount: 1 }, 400, 'request.invalid'],
      ['/dev/member-centre/rewards', { username, title: 'T', amount: 1, extra: 1 }, 400, 'request.invalid'],
      ['/dev/member-centre/rewards', { username: 'nobody-here', title: 'T', amount: 1 }, 404, 'not.found'],
      ['/dev/member-centre/vouchers', { username, title: 'T', kind: 'GOLD', value: 1 }, 400, 'request.invalid'],
      ['/dev/member-centre/tasks', { username, task: 'no-such-task', progress: 1 }, 400, 'request.invalid'],
      ['/dev/member-centre/tasks', { username, task: 'profile', progress: -1 }, 400, 'request.invalid'],
      ['/dev/member-centre/loss', { username, loss: 'a lot' }, 400, 'request.invalid'],
      ['/dev/member-centre/score', { username, period: 'year', score: 1 }, 400, 'request.invalid'],
      ['/dev/member-centre/sign-ins/reset', {}, 400, 'request.invalid'],
    ];
    for (const [path, body, status, errorCode] of bad) await refused(devPost(path, body), status, errorCode);
    await refused(call(wps, 'POST', '/dev/member-centre/rewards', { raw: 'nope' }), 400, 'request.malformed');
    await refused(
      call(wps, 'POST', '/dev/member-centre/rewards', {
        raw: JSON.stringify({ username, title: 'x'.repeat(17 * 1024), amount: 1 }),
      }),
      413,
      'request.too.large',
    );
    const cross = await call(wps, 'POST', '/dev/member-centre/rewards', {
      body: { username, title: 'T', amount: 1 },
      headers: { Origin: 'https://evil.example' },
    });
    assert.equal(cross.status, 403);
  });

  test('form posts of the page come back to it', async () => {
    const { username, token } = await newMember();
    const form = (path: string, fields: Record<string, string>) =>
      wps.app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ merchant: 'demo', username, ...fields }).toString(),
      });
    for (const [path, fields] of [
      ['/dev/member-centre/rewards', { title: 'Gift', amount: '10.5', expiresInHours: '' }],
      ['/dev/member-centre/vouchers', { title: 'V', kind: 'BONUS', value: '5', minDeposit: '', expiresInHours: '72' }],
      ['/dev/member-centre/tasks', { task: 'profile', progress: '1' }],
      ['/dev/member-centre/loss', { loss: '300' }],
      ['/dev/member-centre/score', { period: 'day', score: '12.5' }],
      ['/dev/member-centre/sign-ins/reset', {}],
    ] as const) {
      const res = await form(path, fields);
      assert.equal(res.status, 303, `${path}: ${await res.text()}`);
      assert.equal(res.headers.get('Location'), '/dev/?merchant=demo');
    }
    const o = await ok(get<McOverview>('/overview', token));
    assert.deepEqual([o.rewards, o.vouchers, o.tasks, o.rescue], [1, 1, 1, true]);
    assert.equal((await ok(get<RescueState>('/rescue', token))).amount, 30);
    assert.equal((await ok(get<Leaderboard>('/leaderboard', token))).me.score, 12.5);
    const page = (await ok(call(wps, 'GET', '/dev/member-centre'))) as { members: { username: string }[]; tasks: unknown[] };
    assert.deepEqual(
      page.members.map((m) => m.username),
      ['demo', 'guard'],
    );
    assert.equal(page.tasks.length, DEMO_TASKS.length);
  });
});
