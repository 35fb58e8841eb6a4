/**
 * The flag that redirectUrl / backUrl set (docs/product.md §2, carried query parameters); the
 * remembered login and the other auto-login conditions (docs/product.md §4, auto login) are in
 * ./rememberedLogin.ts.
 */
import { signal } from '@preact/signals-core';
// Where the remembered login is kept (./keys.ts), so /m's boot can look for it without the sign-in code.
export { REMEMBERED_LOGIN_KEY } from './keys.ts';

export const autoLoginDisabled = signal(false);

/**
 * True while the auto login the /m page starts when it opens is running (docs/product.md §4): home
 * shows neither the visitor's nor the member's card until it has settled, so a returning player never
 * sees the visitor's invitation first.
 */
export const autoLoginPending = signal(false);
