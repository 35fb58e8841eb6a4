/**
 * The shape of a /wps contract row and its builder, `row<Payload, Value>({...})`: a row carries the
 * types of its call, so `call(row, payload)` in the client and a server handler are typed from the
 * row itself. Apart from the row files (./endpoints.ts, ./rows/*.ts) so that each imports only this
 * and the types it names: no import circle, type-only ones included (test/build/import-cycles.test.ts).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  path: string;
  /** Value of the ModuleId header, when the call names a module. */
  moduleId?: string;
  /** Body is sent encrypted (see docs/api.md). */
  encrypted: boolean;
  /** Sends the session token as Authorization. */
  auth: boolean;
  /** A: member-centre client; B: the other calls (30 s timeout, cookies, GET cache). */
  client: 'A' | 'B';
  /** Name of the body/query schema in ./schemas.ts, when the call takes input. */
  payload?: keyof typeof payloadSchemaNames;
  /** GET results may be cached in session storage (client B, success only). */
  cache?: boolean;
  /** Timeout in ms when it differs from the client's default. */
  timeout?: number;
  /** The answer is a plain JSON file, not the `{ success, value }` envelope (asset manifests). */
  raw?: boolean;
  /** false: never send cookies (calls to other domains of the operator, such as the line ping). */
  cookies?: boolean;
  /** The server's body limit in bytes when it differs from the default 64 KiB (feedback with an image). */
  bodyLimit?: number;
}

/** Schema names, kept as plain strings so the catalogue stays free of valibot at run time. */
export const payloadSchemaNames = {
  loginPayload: 1,
  twoFactorPayload: 1,
  registerPayload: 1,
  languagePayload: 1,
  smsNoLoginPayload: 1,
  statusQuery: 1,
  launchChatQuery: 1,
  announcementsQuery: 1,
  bannersQuery: 1,
  promotionListQuery: 1,
  launchGamePayload: 1,
  trialLaunchQuery: 1,
  fcmBindPayload: 1,
  fcmSubscribePayload: 1,
  fcmUnsubscribePayload: 1,
  passwordPayload: 1,
  captchaQuery: 1,
  claimPayload: 1,
  signInQuery: 1,
  signInPayload: 1,
  rescueClaimPayload: 1,
  leaderboardQuery: 1,
  feedbackPayload: 1,
} as const;

/**
 * A row with the types of its call: `P` the payload (body or query), `V` the answer's value. The
 * types exist for the compiler only: `types` is never set (a function type keeps `P` contravariant,
 * so a row asks for exactly its payload).
 */
export interface Row<P = unknown, V = unknown> extends Endpoint {
  readonly types?: (payload: P) => V;
}

/** Builds a row; `P` void: the call takes no payload, `V` null: the answer has no value. */
export const row = <P = void, V = null>(fields: Endpoint): Row<P, V> => fields;

/** The payload and the value a row was built with. */
export type PayloadOf<R> = R extends Row<infer P, unknown> ? P : never;
export type ValueOf<R> = R extends Row<never, infer V> ? V : never;

/** `{ success, message?, errorCode?, value? }`: every /wps answer. */
export interface ApiResponse<T = unknown> {
  success: boolean;
  message?: string;
  errorCode?: string;
  value?: T;
}
