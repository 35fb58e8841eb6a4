/** The error catalogue of docs/product.md §8 (src/core/api/errors.ts): mapping, performing, overriding. */
import { expect } from 'chai';
import {
  handleFailure,
  onReaction,
  perform,
  reactionFor,
  SESSION_GONE_CODES,
  type Failure,
  type Reaction,
} from '../../src/core/api/errors.ts';
import { notices } from '../../src/core/notice/notices.ts';
import { clearSession, saveSession, session } from '../../src/core/session/sessionInfo.ts';
import { setNavigator } from '../../src/core/session/navigation.ts';

const navigations: string[] = [];
setNavigator((path) => navigations.push(path));

function reset() {
  clearSession();
  sessionStorage.clear();
  localStorage.clear();
  notices.value = [];
  navigations.length = 0;
}
beforeEach(reset);
afterEach(reset);

describe('reactionFor: one row per line of docs/product.md §8', () => {
  const value = { sms: true, email: false, ga: true };
  const rows: [label: string, failure: Failure, expected: Reaction][] = [
    // HTTP 502: passed on without an alert.
    ['HTTP 502', { status: 502 }, { kind: 'pass' }],
    ['HTTP 502 wins over an errorCode', { status: 502, errorCode: 'CUSTOMER_NOT_LOGIN', message: 'x' }, { kind: 'pass' }],
    // Codes starting with TOO_MANY_REQUEST: silent.
    ['TOO_MANY_REQUEST', { status: 429, errorCode: 'TOO_MANY_REQUEST' }, { kind: 'silent' }],
    ['TOO_MANY_REQUEST_LOGIN', { errorCode: 'TOO_MANY_REQUEST_LOGIN', message: 'wait' }, { kind: 'silent' }],
    ['TOO_MANY_REQUESTS_SMS', { errorCode: 'TOO_MANY_REQUESTS_SMS' }, { kind: 'silent' }],
    // Session gone: HTTP 401 and the four codes.
    ['HTTP 401', { status: 401 }, { kind: 'logout', notice: true }],
    ['HTTP 401 with another code', { status: 401, errorCode: 'anything' }, { kind: 'logout', notice: true }],
    ['CUSTOMER_NOT_LOGIN', { status: 200, errorCode: 'CUSTOMER_NOT_LOGIN' }, { kind: 'logout', notice: true }],
    ['customer.not.login', { errorCode: 'customer.not.login' }, { kind: 'logout', notice: true }],
    ['user.or.token.invalid', { errorCode: 'user.or.token.invalid' }, { kind: 'logout', notice: true }],
    ['login.not.session', { errorCode: 'login.not.session' }, { kind: 'logout', notice: true }],
    [
      'session loss even with alert:false (quietly)',
      { errorCode: 'CUSTOMER_NOT_LOGIN', alert: false },
      { kind: 'logout', notice: false },
    ],
    [
      'session loss of a background call (alert:false, sessionAlert): the notice still shows',
      { status: 401, alert: false, sessionAlert: true },
      { kind: 'logout', notice: true },
    ],
    // Request with alert false: no alert.
    ['alert:false', { status: 400, errorCode: 'some.error', message: 'Nope', alert: false }, { kind: 'silent' }],
    [
      'alert:false with sessionAlert, another error: silent',
      { status: 400, errorCode: 'some.error', alert: false, sessionAlert: true },
      { kind: 'silent' },
    ],
    ['alert:false without a code', { alert: false }, { kind: 'silent' }],
    // Feature reactions.
    [
      'login_verify_required',
      { errorCode: 'login_verify_required', message: 'verify', value },
      { kind: 'twoFactor', value, message: 'verify' },
    ],
    [
      'bind_customer_required',
      { errorCode: 'bind_customer_required', value: { token: 'x' } },
      { kind: 'bind', value: { token: 'x' } },
    ],
    ['login.cred.err', { errorCode: 'login.cred.err', message: 'wrong' }, { kind: 'forgetRememberedLogin', message: 'wrong' }],
    ['not.exists.user', { errorCode: 'not.exists.user', message: 'who' }, { kind: 'forgetRememberedLogin', message: 'who' }],
    ['token_ip_different', { errorCode: 'token_ip_different', message: 'ip' }, { kind: 'autoLoginOff', message: 'ip' }],
    ['ECONNABORTED', { errorCode: 'ECONNABORTED' }, { kind: 'timeoutRetry' }],
    ['password.change.required', { status: 403, errorCode: 'password.change.required' }, { kind: 'changePassword' }],
    [
      'password.change.required, even quiet',
      { status: 403, errorCode: 'password.change.required', alert: false },
      { kind: 'changePassword' },
    ],
    // Our code for a merchant origin the operator does not allow: a console error, even with alert:false.
    [
      'origin.not.allowed (alert:false too)',
      {
        errorCode: 'origin.not.allowed',
        alert: false,
        value: { origin: 'https://shop.example', apiBase: 'https://op.example', merchant: 'demo' },
      },
      { kind: 'originRefused', origin: 'https://shop.example', apiBase: 'https://op.example', merchant: 'demo' },
    ],
    // Anything else: a notice with the message, or unknown_error.
    [
      'another code with a message',
      { status: 400, errorCode: 'request.invalid', message: 'username' },
      { kind: 'notice', message: 'username', fallbackKey: 'unknown_error' },
    ],
    [
      'another code without a message',
      { status: 500, errorCode: 'server.error' },
      { kind: 'notice', message: undefined, fallbackKey: 'unknown_error' },
    ],
    ['nothing at all', {}, { kind: 'notice', message: undefined, fallbackKey: 'unknown_error' }],
    ['HTTP 500', { status: 500 }, { kind: 'notice', message: undefined, fallbackKey: 'unknown_error' }],
    ['HTTP 503 is not 502', { status: 503 }, { kind: 'notice', message: undefined, fallbackKey: 'unknown_error' }],
    [
      'a code that only resembles a session code',
      { errorCode: 'customer.not.login.extra' },
      { kind: 'notice', message: undefined, fallbackKey: 'unknown_error' },
    ],
    [
      'TOO_MANY_REQUEST must be a prefix',
      { errorCode: 'X_TOO_MANY_REQUEST' },
      { kind: 'notice', message: undefined, fallbackKey: 'unknown_error' },
    ],
  ];
  for (const [label, failure, expected] of rows) {
    it(`${label} → ${expected.kind}`, () => {
      expect(reactionFor(failure)).to.deep.equal(expected);
    });
  }

  it('the session codes are exactly the four of docs/product.md §8', () => {
    expect([...SESSION_GONE_CODES].sort()).to.deep.equal(
      ['CUSTOMER_NOT_LOGIN', 'customer.not.login', 'login.not.session', 'user.or.token.invalid'].sort(),
    );
  });
});

describe('perform', () => {
  it('a notice with a server message shows that message', () => {
    perform({ kind: 'notice', message: 'Server says no', fallbackKey: 'unknown_error' });
    expect(notices.value).to.have.length(1);
    expect(notices.value[0]).to.deep.include({ message: 'Server says no', messageKey: 'unknown_error' });
    expect(notices.value[0]!.buttons.map((b) => b.labelKey)).to.deep.equal(['ok']);
  });

  it('a notice without a server message falls back to its key', () => {
    perform({ kind: 'notice', fallbackKey: 'unknown_error' });
    expect(notices.value).to.have.length(1);
    expect(notices.value[0]!.message).to.equal(undefined);
    expect(notices.value[0]!.messageKey).to.equal('unknown_error');
  });

  it('silent and pass show nothing', () => {
    perform({ kind: 'silent' });
    perform({ kind: 'pass' });
    expect(notices.value).to.deep.equal([]);
  });

  it('timeoutRetry shows timeout_retry_please', () => {
    perform({ kind: 'timeoutRetry' });
    expect(notices.value.map((n) => n.messageKey)).to.deep.equal(['timeout_retry_please']);
  });

  it('logout clears the session and posts a forced please_login notice whose button goes to /m/login', () => {
    saveSession({ token: 't', merchantCode: 'M', type: 0 });
    sessionStorage.setItem('wps:other', '1');
    perform({ kind: 'logout', notice: true });
    expect(session.value).to.equal(undefined);
    expect(sessionStorage.getItem('wps:other')).to.equal(null);
    const notice = notices.value[0]!;
    expect(notice).to.deep.include({ messageKey: 'please_login', forced: true });
    notice.buttons[0]!.action!();
    expect(navigations).to.deep.equal(['/m/login']);
  });

  it('changePassword goes to /m/changePsw without a notice', () => {
    perform({ kind: 'changePassword' });
    expect(navigations).to.deep.equal(['/m/changePsw']);
    expect(notices.value).to.deep.equal([]);
  });

  it('a feature reaction with no feature on the page still shows the server message', () => {
    perform({ kind: 'twoFactor', value: {}, message: 'Verify your IP' });
    perform({ kind: 'forgetRememberedLogin' });
    expect(notices.value.map((n) => [n.message, n.messageKey])).to.deep.equal([
      ['Verify your IP', 'unknown_error'],
      [undefined, 'unknown_error'],
    ]);
  });

  it('handleFailure maps, performs and returns the reaction', () => {
    const reaction = handleFailure({ status: 400, errorCode: 'x', message: 'm' });
    expect(reaction).to.deep.equal({ kind: 'notice', message: 'm', fallbackKey: 'unknown_error' });
    expect(notices.value.map((n) => n.message)).to.deep.equal(['m']);
  });
});

describe('onReaction overrides', () => {
  it('a registered handler owns its kind instead of the default; unregistering restores it', () => {
    const seen: Reaction[] = [];
    const off = onReaction('twoFactor', (r) => seen.push(r));
    const reaction: Reaction = { kind: 'twoFactor', value: { sms: true }, message: 'verify' };
    perform(reaction);
    expect(seen).to.deep.equal([reaction]);
    expect(notices.value).to.deep.equal([]);

    off();
    perform(reaction);
    expect(seen).to.have.length(1);
    expect(notices.value.map((n) => n.message)).to.deep.equal(['verify']);
  });

  it('overrides only its own kind', () => {
    const seen: Reaction[] = [];
    const off = onReaction('bind', (r) => seen.push(r));
    try {
      perform({ kind: 'timeoutRetry' });
      perform({ kind: 'bind', value: 1 });
      expect(seen).to.deep.equal([{ kind: 'bind', value: 1 }]);
      expect(notices.value.map((n) => n.messageKey)).to.deep.equal(['timeout_retry_please']);
    } finally {
      off();
    }
  });

  it('a feature may take over even the default notice (handleFailure goes through it)', () => {
    const seen: Reaction[] = [];
    const off = onReaction('notice', (r) => seen.push(r));
    try {
      handleFailure({ errorCode: 'x', message: 'm' });
      expect(seen).to.deep.equal([{ kind: 'notice', message: 'm', fallbackKey: 'unknown_error' }]);
      expect(notices.value).to.deep.equal([]);
    } finally {
      off();
    }
  });

  it('handlers for autoLoginOff and forgetRememberedLogin receive the server message', () => {
    const seen: Reaction[] = [];
    const offA = onReaction('autoLoginOff', (r) => seen.push(r));
    const offB = onReaction('forgetRememberedLogin', (r) => seen.push(r));
    try {
      handleFailure({ errorCode: 'token_ip_different', message: 'ip' });
      handleFailure({ errorCode: 'login.cred.err', message: 'cred' });
      expect(seen).to.deep.equal([
        { kind: 'autoLoginOff', message: 'ip' },
        { kind: 'forgetRememberedLogin', message: 'cred' },
      ]);
    } finally {
      offA();
      offB();
    }
  });
});
