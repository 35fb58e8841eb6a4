/**
 * Per-merchant runtime state: what the dev controls switch (maintenance, region restriction, test
 * flag, domain unavailable, ping mode, game launch mode, asset revision, site settings and whitelabel flags) and what
 * /wps/system/status, domainRoute, ping, the asset manifests and the sign-in calls reflect.
 *
 * The initial value is the merchant's `status` block in merchants.json (assetRevision starts at 0)
 * and, for the site settings and flags, its `info` block.
 * What the dev controls change is kept in the `merchant_state` table as a JSON object of the changed
 * fields only, merged over the initial value on every read; so a restart keeps it, `POST /dev/reset`
 * (deleting the row) goes back to merchants.json, and a field merchants.json changes later still
 * takes effect when no control has touched it. With NODE_ENV=production the stored rows are ignored:
 * there are no dev controls to switch them back.
 */
import * as v from 'valibot';
import type { Merchant } from '../merchants/merchants.ts';
import type { Db } from './db.ts';
import { fieldSchemas, type MerchantState } from './state-fields.ts';

export function initialState(merchant: Merchant): MerchantState {
  const s = merchant.status;
  return {
    maintenance: s.maintenance,
    maintenanceEnd: s.maintenanceEnd,
    maintenanceTexts: s.maintenanceTexts,
    regionRestriction: s.regionRestriction,
    test: s.test,
    domainUnavailable: s.domainUnavailable,
    pingMode: s.pingMode,
    gameLaunchMode: s.gameLaunchMode,
    assetRevision: 0,
    loginCaptcha: merchant.info.login?.captcha.enabled ?? false,
    smsCaptcha: merchant.info.sms?.captcha?.enabled ?? false,
    registerCaptcha: merchant.info.register.captcha.enabled,
    geetestVersion: merchant.info.gw.GEETEST_VERSION,
    mobilePassword: merchant.info.register.mobilePassword,
    autoRegister: merchant.info.register.autoRegister,
    installSupport: merchant.info.install?.enabled ?? false,
    appVersion: merchant.info.app?.version ?? null,
    appMandatory: merchant.info.app?.mandatory ?? false,
    firebase: merchant.info.sms?.firebase ?? false,
    authEmulatorUrl: null,
    whitelabel: { ...merchant.info.whitelabelVal },
    analytics: { ...merchant.info.analytics },
  };
}

/** One level deep: the state and its whitelabel flags (maintenance texts are replaced whole, never edited). */
function frozen(state: MerchantState): MerchantState {
  Object.freeze(state.whitelabel);
  Object.freeze(state.analytics);
  return Object.freeze(state);
}

/** The valid fields of a stored row over the initial value (a hand-edited or older row cannot break a call). */
function merged(merchant: Merchant, stored: unknown): MerchantState {
  const state: Record<string, unknown> = { ...initialState(merchant) };
  if (typeof stored === 'string') {
    try {
      stored = JSON.parse(stored);
    } catch {
      stored = undefined;
    }
  }
  if (typeof stored === 'object' && stored !== null && !Array.isArray(stored)) {
    for (const [key, schema] of Object.entries(fieldSchemas)) {
      if (!Object.hasOwn(stored, key)) continue;
      const result = v.safeParse(schema as v.GenericSchema, (stored as Record<string, unknown>)[key]);
      if (!result.success) continue;
      // Flags are merged one by one: a flag no control touched still follows merchants.json.
      state[key] = key === 'whitelabel' ? { ...(state[key] as object), ...(result.output as object) } : result.output;
    }
  }
  return state as MerchantState;
}

/** How long this process may answer a merchant's state from memory (another instance's write shows after it). */
export const STATE_CACHE_MS = 1000;

export type StatePatch = Partial<Omit<MerchantState, 'assetRevision' | 'whitelabel'>>;

export interface StateStore {
  get(merchant: Merchant): Promise<MerchantState>;
  /** Sets the given fields (the others keep their value) and answers the whole new state. */
  update(merchant: Merchant, patch: StatePatch): Promise<MerchantState>;
  /** Switches one whitelabel flag (the others keep their value); answers the whole new state. */
  setWhitelabel(merchant: Merchant, flag: string, on: boolean): Promise<MerchantState>;
  /** assetRevision + 1, atomically; answers the new revision. */
  publish(merchant: Merchant): Promise<number>;
  /** Back to the merchants.json value (assetRevision 0). */
  reset(merchant: Merchant): Promise<MerchantState>;
}

/** `useStored: false` (production): every read is the merchants.json value; nothing is written. */
export function createStateStore(db: Db, { useStored }: { useStored: boolean }): StateStore {
  const readOnly = () => {
    throw new Error('merchant state is read-only without dev controls');
  };
  if (!useStored) {
    return { get: async (m) => initialState(m), update: readOnly, setWhitelabel: readOnly, publish: readOnly, reset: readOnly };
  }
  // Every status call, page and sign-in reads the state: one query per merchant and second at most
  // (concurrent reads share it), and a write here replaces what this process holds at once. Another
  // instance on the same database sees a change within STATE_CACHE_MS (docs/server.md, "Several instances").
  // The merged state is kept, not the row: merging validates every stored field, which cost more
  // than the rest of a status call. Callers get one shared, frozen object.
  const cache = new Map<string, { until: number; state: Promise<MerchantState> }>();
  const remember = (merchant: Merchant, stored: unknown) => {
    const state = frozen(merged(merchant, stored));
    cache.set(merchant.code, { until: performance.now() + STATE_CACHE_MS, state: Promise.resolve(state) });
    return state;
  };
  return {
    get(merchant) {
      const hit = cache.get(merchant.code);
      if (hit && hit.until > performance.now()) return hit.state;
      const read = db
        .query<{ state: unknown }>('SELECT state FROM merchant_state WHERE merchant_code = $1', [merchant.code])
        .then((r) => frozen(merged(merchant, r.rows[0]?.state)));
      cache.set(merchant.code, { until: performance.now() + STATE_CACHE_MS, state: read });
      read.catch(() => cache.delete(merchant.code)); // a failed read is not kept
      return read;
    },

    async update(merchant, patch) {
      const { rows } = await db.query<{ state: unknown }>(
        `INSERT INTO merchant_state (merchant_code, state) VALUES ($1, $2::jsonb)
         ON CONFLICT (merchant_code) DO UPDATE SET state = merchant_state.state || excluded.state, updated_at = now()
         RETURNING state`,
        [merchant.code, JSON.stringify(patch)],
      );
      return remember(merchant, rows[0]?.state);
    },

    async setWhitelabel(merchant, flag, on) {
      const patch = JSON.stringify({ [flag]: on });
      const { rows } = await db.query<{ state: unknown }>(
        `INSERT INTO merchant_state (merchant_code, state) VALUES ($1, jsonb_build_object('whitelabel', $2::jsonb))
         ON CONFLICT (merchant_code) DO UPDATE SET
           state = merchant_state.state || jsonb_build_object('whitelabel',
             CASE WHEN jsonb_typeof(merchant_state.state -> 'whitelabel') = 'object'
                  THEN merchant_state.state -> 'whitelabel' ELSE '{}'::jsonb END || $2::jsonb),
           updated_at = now()
         RETURNING state`,
        [merchant.code, patch],
      );
      return remember(merchant, rows[0]?.state);
    },

    async publish(merchant) {
      // One statement, so two publishes at once give two revisions.
      const { rows } = await db.query<{ state: unknown }>(
        `INSERT INTO merchant_state (merchant_code, state) VALUES ($1, '{"assetRevision": 1}'::jsonb)
         ON CONFLICT (merchant_code) DO UPDATE SET
           state = merchant_state.state || jsonb_build_object('assetRevision',
             CASE WHEN jsonb_typeof(merchant_state.state -> 'assetRevision') = 'number'
                   AND (merchant_state.state ->> 'assetRevision')::numeric >= 0
                  THEN floor((merchant_state.state ->> 'assetRevision')::numeric)::bigint + 1
                  ELSE 1 END),
           updated_at = now()
         RETURNING state`,
        [merchant.code],
      );
      return remember(merchant, rows[0]?.state).assetRevision;
    },

    async reset(merchant) {
      await db.query('DELETE FROM merchant_state WHERE merchant_code = $1', [merchant.code]);
      return remember(merchant, undefined);
    },
  };
}
