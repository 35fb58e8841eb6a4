/**
 * A game vendor catalogue (`GameVendorData` of the contract) as merchants.json may give it in a
 * merchant's `games` block, and as the demo catalogue (./catalogue.ts) is checked: apart from both so
 * that the merchant configuration can check the block without importing the games code.
 */
import * as v from 'valibot';

/** Vendor account types, categories, card types and game ids: what the launch calls carry. */
export const GAME_CODE = /^[A-Za-z0-9_-]{1,64}$/;

const code = v.pipe(v.string(), v.regex(GAME_CODE));
/** Shown to players: plain text, one line. */
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const name = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max), v.regex(/^[^\u0000-\u001f\u007f]*$/));
/** A picture of this server (`/…`, not `//…`) or an https URL; the client checks it again. */
const imageUrl = v.pipe(v.string(), v.maxLength(2048), v.regex(/^(?:\/(?!\/)|https:\/\/)\S*$/));

const card = v.object({
  accountTypeName: code,
  displayName: name(64),
  cardType: v.optional(code),
  imageUrl: v.optional(v.nullable(imageUrl)),
  trial: v.optional(v.nullable(v.object({ gameId: code, nodeId: v.optional(code) }))),
});

export const gamesSchema = v.pipe(
  v.object({
    title: name(64),
    lanes: v.array(v.object({ title: v.optional(name(64)), cards: v.array(card) })),
    gameClassify: v.array(
      v.object({
        category: code,
        vendors: v.array(code),
        gameCount: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)),
      }),
    ),
  }),
  // A category naming a vendor without a card would show nothing; a trial id names one game.
  v.check((g) => {
    const vendors = new Set(g.lanes.flatMap((l) => l.cards.map((c) => c.accountTypeName)));
    return g.gameClassify.every((entry) => entry.vendors.every((vendor) => vendors.has(vendor)));
  }, 'gameClassify names a vendor without a card'),
  v.check((g) => {
    const ids = g.lanes.flatMap((l) => l.cards.flatMap((c) => (c.trial ? [c.trial.gameId] : [])));
    return new Set(ids).size === ids.length;
  }, 'two cards have the same trial gameId'),
);

export type Games = v.InferOutput<typeof gamesSchema>;
