/**
 * The demo data of the home engagement features, made at start-up outside production for every
 * merchant of merchants.json: its promotions (one per type of its `promotions` block), popup
 * announcements, VIP labels (and the default merchant's first demo member at VIP2), and two unread
 * agent messages for each demo member.
 *
 * Each part is made once per merchant: a row in `demo_seeds` records it, inserted in the same
 * transaction as its rows, so what a dev control deleted stays deleted after a restart, and two
 * instances starting on one PostgreSQL do not both seed (the second waits for the first's row, then
 * skips).
 */
import type { PromotionType } from '../../src/core/api/endpoints.ts';
import type { Db, Query } from '../db/db.ts';
import { clock, MINUTE } from '../infra/limits.ts';
import type { Merchant, Merchants } from '../merchants/merchants.ts';
import { publishAnnouncement, type NewAnnouncement } from './announcements.ts';
import { addMessages } from './chat.ts';

type PromotionText = { title: string; summary: string; content: string };

/** Real-looking texts for the types the demo merchants offer; any other type gets a plain one. */
const PROMOTION_TEXTS: Partial<Record<PromotionType, PromotionText>> = {
  REGISTER: {
    title: 'Welcome bonus: 20 free credits',
    summary: 'Sign up today and play your first rounds on us.',
    content:
      '<h2>Welcome bonus</h2><p>Create your account and receive <b>20 free credits</b> right away.</p>' +
      '<ul><li>One bonus per player</li><li>Credits are valid for 7 days</li><li>10x turnover before withdrawal</li></ul>',
  },
  FIRST_DEPOSIT: {
    title: 'First deposit bonus 100%',
    summary: 'We double your first deposit, up to 5,000.',
    content:
      '<h2>First deposit bonus 100%</h2><p>Make your first deposit and we <b>match it 100%</b>, up to 5,000.</p>' +
      '<ul><li>Minimum deposit: 100</li><li>15x turnover on deposit and bonus</li><li>Claim within 3 days of signing up</li></ul>',
  },
  DEPOSIT: {
    title: 'Daily reload bonus 10%',
    summary: 'Top up any day and get 10% extra, up to 1,000.',
    content:
      '<h2>Daily reload bonus</h2><p>Every deposit earns <b>10% extra</b>, up to 1,000 a day.</p>' +
      '<ul><li>Once per day</li><li>5x turnover on the bonus</li></ul>',
  },
  REFERRAL: {
    title: 'Invite friends, earn 50 each',
    summary: 'Share your link: when a friend deposits, you both get a reward.',
    content:
      '<h2>Invite your friends</h2><p>Send your personal link to friends. When a friend makes a first deposit, you receive <b>50 credits</b> and your friend 20.</p>' +
      '<ul><li>No limit on the number of friends</li><li>Rewards are credited within 24 hours</li></ul>',
  },
  UPGRADE_BONUS: {
    title: 'VIP upgrade bonus',
    summary: 'Reach a new VIP level and collect a bonus at every step.',
    content:
      '<h2>VIP upgrade bonus</h2><p>Every new VIP level pays a <b>one-time bonus</b>: 100 at VIP2, up to 5,000 at VIP5.</p>' +
      '<ul><li>Paid automatically on upgrade</li><li>1x turnover</li></ul>',
  },
  MISSION: {
    title: 'Daily missions',
    summary: 'Complete three missions a day for a mystery reward.',
    content:
      '<h2>Daily missions</h2><p>Log in, place 10 bets and win one round: complete all three and open a <b>mystery box</b>.</p>' +
      '<ul><li>New missions every day at 00:00</li><li>Rewards from 5 to 500 credits</li></ul>',
  },
  APP_DOWNLOAD: {
    title: 'Get the app, get 10 credits',
    summary: 'Install our app and log in from it to claim 10 free credits.',
    content:
      '<h2>App download bonus</h2><p>Install the app, log in, and receive <b>10 free credits</b>.</p>' +
      '<ul><li>Once per player and device</li><li>Credits are valid for 3 days</li></ul>',
  },
  LOGIN: {
    title: 'Daily login reward',
    summary: 'Log in every day for a growing reward.',
    content: '<h2>Daily login reward</h2><p>Seven days in a row earn you a <b>bonus spin</b>.</p>',
  },
};

function promotionText(type: PromotionType): PromotionText {
  const found = PROMOTION_TEXTS[type];
  if (found) return found;
  const name = type.charAt(0) + type.slice(1).toLowerCase().replaceAll('_', ' ');
  return {
    title: `${name} bonus`,
    summary: `The ${name.toLowerCase()} bonus.`,
    content: `<h2>${name} bonus</h2><p>Ask us how to claim it.</p>`,
  };
}

/** Their promotionId and links name these promotions when the merchant has them. */
const announcementSeed = (promotionIds: ReadonlySet<string>): NewAnnouncement[] => {
  const link = (id: string) => (promotionIds.has(id) ? id : null);
  const activity = (id: string, text: string) =>
    promotionIds.has(id) ? `<p><a href="/m/activity?id=${id}">${text}</a></p>` : '';
  const now = clock.now();
  return [
    {
      execution: 'B',
      title: 'Welcome to our lottery!',
      content:
        '<h2>Welcome!</h2><p>Sign up in one minute and get your <b>welcome bonus</b>.</p>' +
        '<ul><li>Draws every 5 minutes</li><li>Fast deposits and withdrawals</li><li>Customer service 24/7</li></ul>' +
        activity('REGISTER', 'See the welcome bonus'),
      promotionType: 'REGISTER',
      promotionId: link('REGISTER'),
      publishedAt: now - 1 * MINUTE,
    },
    {
      execution: 'B',
      title: 'Planned maintenance',
      content:
        '<h2>Planned maintenance</h2><p>On Sunday from <b>02:00 to 04:00</b> (UTC) some games are unavailable while we upgrade our servers.</p>' +
        '<ul><li>Your balance is safe</li><li>Open bets are settled as usual</li></ul>' +
        '<p>Details on <a href="https://status.example.com/" target="_blank" rel="noopener">our status page</a>.</p>',
      publishedAt: now - 2 * MINUTE,
    },
    {
      execution: 'A',
      title: 'First deposit bonus 100%',
      content:
        '<h2>Double your first deposit</h2><p>Deposit now and we <b>match it 100%</b>, up to 5,000.</p>' +
        '<ul><li>Minimum deposit: 100</li><li>15x turnover</li></ul>' +
        activity('FIRST_DEPOSIT', 'Claim the bonus'),
      promotionType: 'FIRST_DEPOSIT',
      promotionId: link('FIRST_DEPOSIT'),
      forceRead: true,
      publishedAt: now - 3 * MINUTE,
    },
    {
      execution: 'A',
      title: 'VIP upgrade bonus',
      content:
        '<h2>Level up, cash in</h2><p>Every new VIP level pays a <b>one-time bonus</b>.</p>' +
        '<ul><li>VIP2: 100</li><li>VIP3: 500</li><li>VIP5: 5,000</li></ul>' +
        activity('UPGRADE_BONUS', 'See the VIP bonuses') +
        '<p>Terms on <a href="https://www.example.com/vip-terms" target="_blank" rel="noopener">example.com</a>.</p>',
      promotionType: 'UPGRADE_BONUS',
      promotionId: link('UPGRADE_BONUS'),
      publishedAt: now - 4 * MINUTE,
    },
    {
      execution: 'F',
      title: 'Invite friends',
      content:
        '<h2>Invite friends, earn together</h2><p>Share your link: for every friend who deposits you get <b>50 credits</b>.</p>' +
        '<ul><li>No limit on friends</li><li>Credited within 24 hours</li></ul>' +
        activity('REFERRAL', 'Invite friends now'),
      promotionType: 'REFERRAL',
      promotionId: link('REFERRAL'),
      publishedAt: now - 5 * MINUTE,
    },
  ];
};

/** VIP1..VIP5 (automatic, by conditions met) and one label given by hand. */
const VIP_LABELS = [
  { name: 'VIP1', type: 'AUTO', rankLevel: 1, expected: 1 },
  { name: 'VIP2', type: 'AUTO', rankLevel: 2, expected: 3 },
  { name: 'VIP3', type: 'AUTO', rankLevel: 3, expected: 5 },
  { name: 'VIP4', type: 'AUTO', rankLevel: 4, expected: 8 },
  { name: 'VIP5', type: 'AUTO', rankLevel: 5, expected: 12 },
  { name: 'Diamond Club', type: 'MANUAL', rankLevel: 6, expected: 15 },
] as const;

/** The default merchant's first demo member: VIP2, 3 of the 5 conditions of VIP3 done. */
const DEMO_VIP = { label: 'VIP2', completed: 3 };

const WELCOME_MESSAGES = [
  'Hello! This is customer service. Ask us anything, any time.',
  'Your first deposit bonus is waiting: open Promotions to claim it.',
];

const PARTS = ['promotions', 'announcements', 'vip', 'chat'] as const;
type Part = (typeof PARTS)[number];

export async function seedEngagement(db: Db, merchants: Merchants): Promise<void> {
  // One read tells what is done already: a restart costs this query only.
  const { rows } = await db.query<{ merchant_code: string; part: string }>('SELECT merchant_code, part FROM demo_seeds');
  const done = new Set(rows.map((r) => `${r.merchant_code}\n${r.part}`));
  for (const merchant of merchants.byCode.values()) {
    const missing = PARTS.filter((part) => !done.has(`${merchant.code}\n${part}`));
    if (missing.length === 0) continue;
    // One transaction per merchant: a part's marker and its rows are committed together.
    await db.transaction(async (query) => {
      for (const part of missing) {
        const marked = await query(
          'INSERT INTO demo_seeds (merchant_code, part) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING part',
          [merchant.code, part],
        );
        if (marked.rows.length > 0) await SEEDERS[part](query, merchant, merchants);
      }
    });
  }
}

const SEEDERS: Record<Part, (query: Query, merchant: Merchant, merchants: Merchants) => Promise<void>> = {
  /** One promotion per type of the merchant's `promotions` block, its id the type (a banner's linkage names it). */
  async promotions(query, merchant) {
    let sort = 0;
    for (const [type, { enabled }] of Object.entries(merchant.promotions) as [PromotionType, { enabled: boolean }][]) {
      const text = promotionText(type);
      await query(
        `INSERT INTO promotions (merchant_code, id, type, title, summary, content, start_time, enabled, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
        [merchant.code, type, type, text.title, text.summary, text.content, new Date(clock.now()).toISOString(), enabled, sort++],
      );
    }
  },

  async announcements(query, merchant) {
    const { rows } = await query<{ id: string }>('SELECT id FROM promotions WHERE merchant_code = $1', [merchant.code]);
    for (const a of announcementSeed(new Set(rows.map((r) => r.id)))) await publishAnnouncement(query, merchant.code, a);
  },

  async vip(query, merchant, merchants) {
    for (const l of VIP_LABELS) {
      await query(
        `INSERT INTO vip_labels (merchant_code, name, type, rank_level, expected_conditions)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [merchant.code, l.name, l.type, l.rankLevel, l.expected],
      );
    }
    const first = merchant.members[0];
    if (merchant.code !== merchants.defaultCode || !first) return;
    await query(
      `UPDATE members SET vip_label_id = (SELECT id FROM vip_labels WHERE merchant_code = $1 AND name = $3), vip_completed = $4
        WHERE merchant_code = $1 AND lower(username) = lower($2)`,
      [merchant.code, first.username, DEMO_VIP.label, DEMO_VIP.completed],
    );
  },

  /** Two unread agent messages for each demo member there is. */
  async chat(query, merchant) {
    for (const m of merchant.members) {
      const { rows } = await query<{ id: number }>(
        'SELECT id FROM members WHERE merchant_code = $1 AND lower(username) = lower($2)',
        [merchant.code, m.username],
      );
      if (!rows[0]) continue;
      await addMessages(
        query,
        rows[0].id,
        WELCOME_MESSAGES.map((body) => ({ sender: 'agent', body })),
      );
    }
  },
};
