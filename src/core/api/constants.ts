/** Business constants both the client and the reference server use (docs/product.md §9). */

/**
 * The fixed default password (docs/product.md §5, §9: "{key}"): mobile registration without the mobile-number
 * password option uses it, and a login with it is sent to /m/changePsw.
 */
export const DEFAULT_PASSWORD = 'Wps123456';

/** Two-factor methods of the login verification call (docs/product.md §3). */
export const TWO_FACTOR_METHOD = { email: 'E', payeeName: 'P', ga: 'G', sms: 'S' } as const;
