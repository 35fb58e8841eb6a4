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

/** Feedback (docs/member-centre.md, "Feedback"): its categories and the text's length after trimming. */
export const FEEDBACK_CATEGORIES = ['suggestion', 'bug', 'payment', 'game', 'account', 'other'] as const;
export const FEEDBACK_MIN = 10;
export const FEEDBACK_MAX = 1000;
/** The attached image as a data: URL (JPEG, PNG or WebP), at most this many characters; the client scales it to 1280 px first. */
export const FEEDBACK_IMAGE_MAX = 480 * 1024;
/** The daily sign-in cycle: seven days, then day 1 again (docs/member-centre.md, "Daily sign-in"). */
export const SIGN_IN_CYCLE = 7;
