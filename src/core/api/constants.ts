/** Business constants both the client and the reference server use (docs/product.md §9). */

/**
 * The fixed default password (docs/product.md §5, §9: "{key}"): mobile registration without the mobile-number
 * password option uses it, and a login with it is sent to /m/changePsw.
 */
export const DEFAULT_PASSWORD = 'Wps123456';

/** Two-factor methods of the login verification call (docs/product.md §3). */
export const TWO_FACTOR_METHOD = { email: 'E', payeeName: 'P', ga: 'G', sms: 'S' } as const;

/**
 * How long an SMS code stays valid (docs/product.md §9, our value: 5 minutes). The send-code buttons
 * never count down longer than this, even when the answer's expiry, read on a clock that lags the
 * server's, lies further ahead.
 */
export const SMS_CODE_VALIDITY_MS = 5 * 60_000;
