/**
 * The demo data of the home engagement features, made at start-up outside production for every
 * merchant of merchants.json: its promotions (one per type of its `promotions` block), popup
 * announcements, VIP labels (and the default merchant's first demo member at VIP2), and two unread
 * agent messages for each demo member. The promotions and popups are written in every content
 * language (./promotion-texts.ts, ./announcement-texts.ts): English in their columns, the others in `texts`.
 *
 * Each part is made once per merchant: a row in `demo_seeds` records it, inserted in the same
 * transaction as its rows, so what a dev control deleted stays deleted after a restart, and two
 * instances starting on one PostgreSQL do not both seed (the second waits for the first's row, then
 * skips).
 */
import type { PromotionType } from '../../src/contract/endpoints.ts';
import type { Db, Query } from '../db/db.ts';
import { clock, MINUTE } from '../infra/limits.ts';
import type { Merchant, Merchants } from '../merchants/merchants.ts';
import { CONTENT_LANGUAGES, type Localized } from '../api/language.ts';
import { publishAnnouncement, type NewAnnouncement } from './announcements.ts';
import { addMessages } from './chat.ts';
import { ANNOUNCEMENT_TEXTS, type AnnouncementText } from './announcement-texts.ts';
import { PROMOTION_TEXTS, type PromotionText } from './promotion-texts.ts';

function promotionText(type: PromotionType): PromotionText {
  const found = PROMOTION_TEXTS[type];
  if (found) return found.EN;
  const name = type.charAt(0) + type.slice(1).toLowerCase().replaceAll('_', ' ');
  return {
    title: `${name} bonus`,
    summary: `The ${name.toLowerCase()} bonus.`,
    content: `<h2>${name} bonus</h2><p>Ask us how to claim it.</p>`,
  };
}

/** A popup's HTML in one language: its link to its promotion only when the merchant has that promotion. */
function popupContent(text: AnnouncementText, promotionId: string | undefined, promotionIds: ReadonlySet<string>): string {
  const link =
    promotionId !== undefined && text.activity !== undefined && promotionIds.has(promotionId)
      ? `<p><a href="/m/activity?id=${promotionId}">${text.activity}</a></p>`
      : '';
  return text.body + link + (text.after ?? '');
}

/** The demo popups: which text, for whom, which promotion, how many minutes old at seeding. */
const POPUPS: {
  text: keyof typeof ANNOUNCEMENT_TEXTS;
  execution: NewAnnouncement['execution'];
  promotion?: PromotionType;
  forceRead?: boolean;
  minutesAgo: number;
}[] = [
  { text: 'welcome', execution: 'B', promotion: 'REGISTER', minutesAgo: 1 },
  { text: 'maintenance', execution: 'B', minutesAgo: 2 },
  { text: 'firstDeposit', execution: 'A', promotion: 'FIRST_DEPOSIT', forceRead: true, minutesAgo: 3 },
  { text: 'vip', execution: 'A', promotion: 'UPGRADE_BONUS', minutesAgo: 4 },
  { text: 'referral', execution: 'F', promotion: 'REFERRAL', minutesAgo: 5 },
];

/** Their promotionId and links name these promotions when the merchant has them. */
const announcementSeed = (promotionIds: ReadonlySet<string>): NewAnnouncement[] => {
  const now = clock.now();
  return POPUPS.map((p) => {
    const text = ANNOUNCEMENT_TEXTS[p.text].EN;
    return {
      execution: p.execution,
      title: text.title,
      content: popupContent(text, p.promotion, promotionIds),
      ...(p.promotion && { promotionType: p.promotion, promotionId: promotionIds.has(p.promotion) ? p.promotion : null }),
      ...(p.forceRead && { forceRead: true }),
      publishedAt: now - p.minutesAgo * MINUTE,
    };
  });
};

/** The languages other than English of a set of texts, as the `texts` column holds them. */
const otherLanguages = <T>(texts: Localized<T>, pick: (text: T) => object): Record<string, object> =>
  Object.fromEntries(CONTENT_LANGUAGES.filter((l) => l !== 'EN').map((l) => [l, pick(texts[l])]));

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

// `translations` after the parts it translates: in a data folder seeded before it existed, it
// translates what is there.
const PARTS = ['promotions', 'announcements', 'vip', 'chat', 'translations'] as const;
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

  /**
   * The seeded promotions and popups in the other content languages (./promotion-texts.ts, ./announcement-texts.ts): only rows
   * that still hold the seed's English exactly and no translation, so a row an operator changed is
   * left as it is.
   */
  async translations(query, merchant) {
    for (const [type, texts] of Object.entries(PROMOTION_TEXTS) as [PromotionType, Localized<PromotionText>][]) {
      await query(
        `UPDATE promotions SET texts = $5::jsonb
          WHERE merchant_code = $1 AND id = $2 AND title = $3 AND content = $4 AND texts IS NULL`,
        [merchant.code, type, texts.EN.title, texts.EN.content, JSON.stringify(otherLanguages(texts, (t) => t))],
      );
    }
    const { rows } = await query<{ id: string }>('SELECT id FROM promotions WHERE merchant_code = $1', [merchant.code]);
    const promotionIds = new Set(rows.map((r) => r.id));
    for (const p of POPUPS) {
      const texts = ANNOUNCEMENT_TEXTS[p.text];
      await query(
        `UPDATE announcements SET texts = $4::jsonb
          WHERE merchant_code = $1 AND title = $2 AND content = $3 AND texts IS NULL`,
        [
          merchant.code,
          texts.EN.title,
          popupContent(texts.EN, p.promotion, promotionIds),
          JSON.stringify(otherLanguages(texts, (t) => ({ title: t.title, content: popupContent(t, p.promotion, promotionIds) }))),
        ],
      );
    }
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
