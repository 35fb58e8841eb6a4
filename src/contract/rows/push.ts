/**
 * The push relay's rows (docs/product.md §7, docs/push.md). Not in the first load of /m/home: push's
 * code imports them; the server registers every row (../catalogue.ts).
 */
import { row, type Endpoint } from '../endpoint-row.ts';
import type * as S from '../schemas.ts';

export const pushEndpoints = {
  fcmBind: row<S.FcmBindPayload>({
    method: 'POST',
    path: '/wps/relay/CSP_fcmBind',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'fcmBindPayload',
  }),
  fcmSubscribe: row<S.FcmSubscribePayload>({
    method: 'POST',
    path: '/wps/relay/CSP_fcmSubscribe',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'fcmSubscribePayload',
  }),
  // Sent without a session: the page calls it once its session is gone (a logout, a 401), and the
  // relay lets anybody unbind a token whose binding session has ended, never one a live session of
  // another member bound (docs/push.md, "Following the session").
  fcmUnsubscribe: row<S.FcmUnsubscribePayload>({
    method: 'POST',
    path: '/wps/relay/CSP_fcmUnsubscribe',
    encrypted: false,
    auth: false,
    client: 'A',
    payload: 'fcmUnsubscribePayload',
  }),
} satisfies Record<string, Endpoint>;
