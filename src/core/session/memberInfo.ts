/**
 * The signed-in member's info as a signal, without the code that loads it (./member.ts, which
 * re-exports it): /m's first frame reads it, and the API client arrives after the paint.
 */
import { signal } from '@preact/signals-core';
import type { MemberInfo } from '../../contract/endpoints.ts';

export const memberInfo = signal<MemberInfo | undefined>(undefined);
