/**
 * Every errorCode, its HTTP status and the reaction of the error catalogue (docs/product.md §8), in one
 * table: the server builds its refusals from it (server/infra/errors.ts), the client's catalogue
 * (src/core/api/errors.ts) reads the reaction from it, docs/api.md lists the same codes
 * (test/contract/errors.test.ts). A code missing here does not compile on either side.
 */

/**
 * The catalogue's reactions (docs/product.md §8, "Reactions in order of precedence"), as the client
 * names them: `pass` passed on with no alert (HTTP 502), `silent`, `logout` (session lost, please-login
 * notice), `changePassword` (to /m/changePsw), `originRefused` (a console error for the merchant),
 * `twoFactor` (the two-factor modal), `bind` (the binding flow), `forgetRememberedLogin`,
 * `autoLoginOff`, `timeoutRetry` (timeout_retry_please), `network` (the network check) and `notice`
 * (the server's message, else unknown_error). A call with `alert: false` shows none of the last seven.
 */
export type ErrorReaction =
  | 'pass'
  | 'silent'
  | 'logout'
  | 'changePassword'
  | 'originRefused'
  | 'twoFactor'
  | 'bind'
  | 'forgetRememberedLogin'
  | 'autoLoginOff'
  | 'timeoutRetry'
  | 'network'
  | 'notice';

/** The statuses a refusal answers with (all carry a body). */
type Status = 400 | 401 | 403 | 404 | 409 | 413 | 421 | 429 | 500 | 502 | 503;

/**
 * `status`: what the reference server answers with the code. A row without one is a code the server
 * never sends: the real back end's (the session codes, token_ip_different) or the client's own.
 */
interface ErrorRow {
  readonly status?: Status;
  readonly reaction: ErrorReaction;
}

/**
 * The rows with a reaction of their own: all the browser's catalogue reads (the notice and limit rows
 * below stay out of its bundle).
 */
export const OWN_REACTIONS = {
  CUSTOMER_NOT_LOGIN: { status: 401, reaction: 'logout' },
  'password.change.required': { status: 403, reaction: 'changePassword' },
  'upstream.unavailable': { status: 502, reaction: 'pass' },
  login_verify_required: { status: 400, reaction: 'twoFactor' },
  bind_customer_required: { status: 400, reaction: 'bind' },
  'login.cred.err': { status: 400, reaction: 'forgetRememberedLogin' },
  'not.exists.user': { status: 400, reaction: 'forgetRememberedLogin' },
  // The real back end's codes (docs/product.md §8): the reference server never sends them.
  'customer.not.login': { reaction: 'logout' },
  'user.or.token.invalid': { reaction: 'logout' },
  'login.not.session': { reaction: 'logout' },
  token_ip_different: { reaction: 'autoLoginOff' },
  // The client's own (src/core/api/client.ts), never sent by a server.
  ECONNABORTED: { reaction: 'timeoutRetry' },
  'network.error': { reaction: 'network' },
  /** A page of another origin got no readable answer while the operator's ping did answer. */
  'origin.not.allowed': { reaction: 'originRefused' },
} as const satisfies Record<string, ErrorRow & { reaction: Exclude<ErrorReaction, 'notice' | 'silent'> }>;

/** Limits (docs/server.md, "Limits"): the sign-in's answer 400, the background posts' 429; all silent. */
export const LIMITS = {
  TOO_MANY_REQUEST_LOGIN: { status: 400, reaction: 'silent' },
  TOO_MANY_REQUEST_LOGIN_IP: { status: 400, reaction: 'silent' },
  TOO_MANY_REQUEST_REGISTER_IP: { status: 400, reaction: 'silent' },
  TOO_MANY_REQUEST_VERIFY: { status: 400, reaction: 'silent' },
  TOO_MANY_REQUEST_ACCOUNT: { status: 400, reaction: 'silent' },
  TOO_MANY_REQUEST_PASSWORD: { status: 400, reaction: 'silent' },
  TOO_MANY_REQUEST_SMS: { status: 400, reaction: 'silent' },
  TOO_MANY_REQUEST_SMS_IP: { status: 400, reaction: 'silent' },
  TOO_MANY_REQUEST_CAPTCHA: { status: 400, reaction: 'silent' },
  TOO_MANY_REQUEST_FEEDBACK: { status: 429, reaction: 'silent' },
  TOO_MANY_REQUEST_PUSH: { status: 429, reaction: 'silent' },
  TOO_MANY_REQUEST_TRACKING: { status: 429, reaction: 'silent' },
  TOO_MANY_REQUEST_FIELD_DATA: { status: 429, reaction: 'silent' },
  /** Never on the wire: the push service stand-in answers Google's own 429 RESOURCE_EXHAUSTED. */
  TOO_MANY_REQUEST_PUSH_SERVICE: { status: 429, reaction: 'silent' },
} as const satisfies Record<`TOO_MANY_REQUEST_${string}`, ErrorRow & { reaction: 'silent' }>;

/** The catalogue's default reaction: a notice with the server's message. */
export const NOTICES = {
  // The envelope and the call pipeline (docs/api.md, "Envelope").
  'request.malformed': { status: 400, reaction: 'notice' },
  'request.invalid': { status: 400, reaction: 'notice' },
  'request.too.large': { status: 413, reaction: 'notice' },
  'request.aborted': { status: 400, reaction: 'notice' },
  'request.unfresh': { status: 400, reaction: 'notice' },
  'request.expired': { status: 400, reaction: 'notice' },
  'request.replayed': { status: 400, reaction: 'notice' },
  'request.forbidden': { status: 403, reaction: 'notice' },
  'encryption.required': { status: 400, reaction: 'notice' },
  'encryption.key.invalid': { status: 400, reaction: 'notice' },
  'encryption.payload.invalid': { status: 400, reaction: 'notice' },
  'encryption.digest.mismatch': { status: 400, reaction: 'notice' },
  'merchant.unknown': { status: 400, reaction: 'notice' },
  HOST_NOT_ALLOWED: { status: 421, reaction: 'notice' },
  'dev.loopback.only': { status: 403, reaction: 'notice' },
  'not.found': { status: 404, reaction: 'notice' },
  'server.error': { status: 500, reaction: 'notice' },
  'server.busy': { status: 503, reaction: 'notice' },
  // Sign-in and registration.
  'login.type.unsupported': { status: 400, reaction: 'notice' },
  'firebase.token.invalid': { status: 400, reaction: 'notice' },
  'firebase.create.disabled': { status: 400, reaction: 'notice' },
  'firebase.already.bound': { status: 400, reaction: 'notice' },
  'register.username.invalid': { status: 400, reaction: 'notice' },
  'register.password.invalid': { status: 400, reaction: 'notice' },
  'register.username.exists': { status: 400, reaction: 'notice' },
  'register.mobile.invalid': { status: 400, reaction: 'notice' },
  'register.mobile.exists': { status: 400, reaction: 'notice' },
  'verification.method.unsupported': { status: 400, reaction: 'notice' },
  'verification.failed': { status: 400, reaction: 'notice' },
  'captcha.required': { status: 400, reaction: 'notice' },
  'captcha.invalid': { status: 400, reaction: 'notice' },
  'captcha.answer.wrong': { status: 400, reaction: 'notice' },
  'password.invalid': { status: 400, reaction: 'notice' },
  'password.same': { status: 400, reaction: 'notice' },
  'password.old.invalid': { status: 400, reaction: 'notice' },
  'sms.unavailable': { status: 503, reaction: 'notice' },
  // Site status and lines: the status call shows the domain modal itself (docs/product.md §8).
  domain_not_available: { status: 400, reaction: 'notice' },
  'line.unavailable': { status: 503, reaction: 'notice' },
  // Games.
  'game.vendor.unknown': { status: 400, reaction: 'notice' },
  'game.mode.invalid': { status: 400, reaction: 'notice' },
  'game.not.found': { status: 404, reaction: 'notice' },
  'game.launch.failed': { status: 503, reaction: 'notice' },
  // Promotions and the member centre (its calls are quiet: the page words these itself).
  'promotion.not.found': { status: 404, reaction: 'notice' },
  'reward.not.found': { status: 404, reaction: 'notice' },
  'voucher.not.found': { status: 404, reaction: 'notice' },
  'task.not.found': { status: 404, reaction: 'notice' },
  'reward.expired': { status: 409, reaction: 'notice' },
  'voucher.expired': { status: 409, reaction: 'notice' },
  'task.not.done': { status: 409, reaction: 'notice' },
  'signin.already.today': { status: 409, reaction: 'notice' },
  'rescue.not.eligible': { status: 409, reaction: 'notice' },
  'rescue.expired': { status: 409, reaction: 'notice' },
  // Push relay.
  'push.token.forbidden': { status: 403, reaction: 'notice' },
  'push.token.not.found': { status: 404, reaction: 'notice' },
  'push.topic.limit': { status: 400, reaction: 'notice' },
  // The client's own: no key or no cipher for an encrypted call, an answer that is no envelope.
  'encryption.unavailable': { reaction: 'notice' },
  'response.malformed': { reaction: 'notice' },
} as const satisfies Record<string, ErrorRow & { reaction: 'notice' }>;

/** The one table: every code, its status and its reaction. */
export const ERRORS = /* @__PURE__ */ Object.assign({}, NOTICES, LIMITS, OWN_REACTIONS);

export type ErrorCode = keyof typeof ERRORS;

/** The codes the reference server sends: the rows with a status. */
export type ServerErrorCode = { [C in ErrorCode]: (typeof ERRORS)[C] extends { status: number } ? C : never }[ErrorCode];

/**
 * An errorCode as it comes over the wire: one of the table's or one it does not know (a newer back
 * end's). The unknown ones are typed as strings no literal can be (they start with NUL), so a literal
 * compared with a WireCode must be in the table: a misspelt code does not compile.
 */
export type WireCode = ErrorCode | `\0${string}`;

/**
 * A code's own reaction in the catalogue; every `TOO_MANY_REQUEST*` code is silent (the real back end
 * has more than the table). `undefined`: the default, a notice. Reads OWN_REACTIONS only, so the rest
 * of the table stays out of the browser's bundle.
 */
export function reactionOf(code: string): Exclude<ErrorReaction, 'notice'> | undefined {
  if (Object.prototype.hasOwnProperty.call(OWN_REACTIONS, code))
    return OWN_REACTIONS[code as keyof typeof OWN_REACTIONS].reaction;
  return code.startsWith('TOO_MANY_REQUEST') ? 'silent' : undefined;
}
