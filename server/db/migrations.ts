/**
 * The database schema as a versioned list of migrations, in the order they run. Each room keeps
 * the DDL of its own tables (`<room>/tables.ts`); this list alone says which runs when.
 *
 * A server applies (`migrate` in ./db.ts) each migration it has not applied yet, in order, once: one transaction per
 * migration (its statements and its row in `schema_migrations`), under an advisory lock, so several
 * instances starting on one PostgreSQL apply each exactly once. A data folder newer than the code
 * (a version this list does not have) stops the start rather than run on a schema it does not know.
 *
 * Versions 1–9 are the schema as it stood before it was versioned, written idempotently
 * (`IF NOT EXISTS`): a data folder made then has every table and no `schema_migrations`, and
 * adopts them without a change to its rows. From 10 on a migration runs exactly once and needs no
 * `IF NOT EXISTS`. To change the schema, append one line here (never edit an applied migration),
 * as version 10 (field data) did.
 */
import { ENGAGEMENT_TABLES, CONTENT_TEXTS } from '../engagement/tables.ts';
import { MEMBER_CENTRE_TABLES } from '../member-centre/tables.ts';
import { PUSH_TABLES } from '../push/tables.ts';
import { DROP_SMS_OUTBOX, MEMBER_TABLES, SIGNIN_TABLES, SMS_OUTBOX_TABLE } from '../signin/tables.ts';
import { TRACKING_TABLES } from '../tracking/tables.ts';
import { FIELD_DATA_TABLES } from '../field-data/tables.ts';
import { GUARD_TABLES, STATE_TABLES } from './tables.ts';

export interface Migration {
  /** 1, 2, 3, ... in list order, no gaps (a test checks). */
  version: number;
  name: string;
  statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'members and sessions', statements: MEMBER_TABLES },
  { version: 2, name: 'runtime state', statements: STATE_TABLES },
  { version: 3, name: 'sign-in', statements: SIGNIN_TABLES },
  { version: 4, name: 'limits, nonces, shared keys', statements: GUARD_TABLES },
  { version: 5, name: 'home engagement', statements: ENGAGEMENT_TABLES },
  { version: 6, name: 'member centre', statements: MEMBER_CENTRE_TABLES },
  { version: 7, name: 'push', statements: PUSH_TABLES },
  { version: 8, name: 'tracking', statements: TRACKING_TABLES },
  { version: 9, name: 'content languages', statements: CONTENT_TEXTS },
  { version: 10, name: 'field data', statements: FIELD_DATA_TABLES },
];

/**
 * Not versioned: what the mode asks for, run on every start after the migrations (idempotent). The
 * demo's SMS outbox exists outside production only, and is dropped if a demo run left it.
 */
export const modeStatements = (production: boolean): readonly string[] => (production ? DROP_SMS_OUTBOX : SMS_OUTBOX_TABLE);
