/**
 * Auto-login switches. For now only the flag that redirectUrl / backUrl set (SPEC §2); the sign-in
 * issue adds the remembered login and the auto-login conditions of SPEC §4 here.
 */
import { signal } from '@preact/signals-core';

export const autoLoginDisabled = signal(false);
