/**
 * The flag that redirectUrl / backUrl set (docs/product.md §2, carried query parameters); the
 * remembered login and the other auto-login conditions (docs/product.md §4, auto login) are in
 * ./rememberedLogin.ts.
 */
import { signal } from '@preact/signals-core';

export const autoLoginDisabled = signal(false);
