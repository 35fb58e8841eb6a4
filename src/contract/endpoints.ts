/**
 * The /wps contract rows of the first load of /m/home: every call of docs/product.md §7 but those of
 * the lazy parts (the member centre's, the games', push's: ./rows/*.ts), one row each.
 *
 * The request clients read a row to know how to send a call (method, path, ModuleId header,
 * encryption, Authorization, client) and type the call from it (`row<Payload, Value>`); the reference
 * server registers its routes from the same rows (./catalogue.ts) and validates bodies with the
 * schema named in `payload` (see ./schemas.ts and server/). The answer types live in ./types/, by
 * domain; they are re-exported here so that a row's importer finds its types at the same path.
 */
import type * as S from './schemas.ts';
import { BANNERS_PATH, STATUS_PATH } from './paths.ts';
import { row, type Endpoint } from './endpoint-row.ts';
import type { LoginValue, MemberInfo, RankProgress, RsaKeyValue } from './types/member.ts';
import type { CountryInfo, DomainEntry, SiteStatus } from './types/site.ts';
import type { AvailablePromotions, Banner, PopupItem, Promotion } from './types/engagement.ts';

export {
  row,
  payloadSchemaNames,
  type ApiResponse,
  type Endpoint,
  type HttpMethod,
  type PayloadOf,
  type Row,
  type ValueOf,
} from './endpoint-row.ts';
export type * from './types/member.ts';
export type * from './types/site.ts';
export type * from './types/engagement.ts';
export type * from './types/games.ts';
export type * from './types/member-centre.ts';

export const endpoints = {
  login: row<S.LoginPayload, LoginValue>({
    method: 'POST',
    path: '/wps/session/login',
    encrypted: true,
    auth: false,
    client: 'B',
    payload: 'loginPayload',
  }),
  loginVerification: row<S.TwoFactorPayload, LoginValue>({
    method: 'POST',
    path: '/wps/session/login/verification',
    encrypted: true,
    auth: false,
    client: 'B',
    payload: 'twoFactorPayload',
  }),
  logout: row({ method: 'POST', path: '/wps/session/logout', encrypted: false, auth: true, client: 'B' }),
  rsaKey: row<{ _: number }, RsaKeyValue>({
    method: 'GET',
    path: '/wps/session/key/rsa',
    encrypted: false,
    auth: false,
    client: 'B',
  }),
  register: row<S.RegisterPayload, LoginValue>({
    method: 'POST',
    path: '/wps/member/register',
    moduleId: 'REG3',
    encrypted: true,
    auth: false,
    client: 'B',
    payload: 'registerPayload',
  }),
  registerMobile: row<S.RegisterPayload, LoginValue>({
    method: 'POST',
    path: '/wps/member/register/mobile',
    moduleId: 'MOBILENUMREG3',
    encrypted: true,
    auth: false,
    client: 'B',
    payload: 'registerPayload',
  }),
  registerAutoUsername: row<void, { username: string }>({
    method: 'POST',
    path: '/wps/member/register/autoUsername',
    encrypted: false,
    auth: false,
    client: 'B',
  }),
  memberPassword: row<S.PasswordPayload>({
    method: 'POST',
    path: '/wps/member/password',
    encrypted: true,
    auth: true,
    client: 'A',
    payload: 'passwordPayload',
  }),
  memberInfo: row<void, MemberInfo>({ method: 'GET', path: '/wps/member/info', encrypted: false, auth: true, client: 'A' }),
  memberLanguage: row<S.LanguagePayload>({
    method: 'POST',
    path: '/wps/member/language',
    encrypted: false,
    auth: true,
    client: 'A',
    payload: 'languagePayload',
  }),
  smsNoLogin: row<S.SmsNoLoginPayload, { expirationTime: number }>({
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'smsNoLoginPayload',
  }),
  systemStatus: row<S.StatusQuery, SiteStatus>({
    method: 'GET',
    path: STATUS_PATH,
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'statusQuery',
  }),
  systemCountry: row<void, CountryInfo>({
    method: 'GET',
    path: '/wps/system/country',
    encrypted: false,
    auth: false,
    client: 'B',
    cache: true,
  }),
  domainRoute: row<void, DomainEntry[]>({
    method: 'GET',
    path: '/wps/system/domainRoute',
    encrypted: false,
    auth: false,
    client: 'B',
  }),
  ping: row<{ speed: number }, string>({
    method: 'GET',
    path: '/wps/system/test/ping',
    encrypted: false,
    auth: false,
    client: 'B',
    timeout: 5000,
    cookies: false,
  }),
  captchaGeetest: row<S.CaptchaQuery, { gt: string; challenge: string; newCaptcha: boolean; success: number }>({
    method: 'GET',
    path: '/wps/captcha/geetest',
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'captchaQuery',
  }),
  launchChat: row<S.LaunchChatQuery, { chatUrl: string }>({
    method: 'GET',
    path: '/wps/relay/CBS_launchChat',
    encrypted: false,
    auth: true,
    client: 'B',
    payload: 'launchChatQuery',
  }),
  unreadCount: row<void, { unReadCount: number }>({
    method: 'GET',
    path: '/wps/relay/CBS_unreadCount',
    encrypted: false,
    auth: true,
    client: 'B',
  }),
  availablePromotions: row<void, AvailablePromotions>({
    method: 'GET',
    path: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
    encrypted: false,
    auth: false,
    client: 'B',
    cache: true,
  }),
  /** The merchant's banners of the given groups (docs/api.md, "Banners"; the SPEC names no path: ours). */
  banners: row<S.BannersQuery, Banner[]>({
    method: 'GET',
    path: BANNERS_PATH,
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'bannersQuery',
    cache: true,
  }),
  /** The merchant's promotions, or the one with `id` (docs/api.md, "Promotions"; the SPEC names no path: ours). */
  promotionList: row<S.PromotionListQuery, Promotion[]>({
    method: 'GET',
    path: '/wps/relay/MCSFE_getPromotionList',
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'promotionListQuery',
  }),
  listAnnouncements: row<S.AnnouncementsQuery, PopupItem[]>({
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    encrypted: false,
    auth: false,
    client: 'B',
    payload: 'announcementsQuery',
  }),
  rankProgress: row<void, RankProgress>({
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerRankProgress',
    encrypted: false,
    auth: true,
    client: 'A',
  }),
  assetManifest: row<{ t: number }, Record<string, unknown>>({
    method: 'GET',
    path: '/m/asset-manifest.json',
    encrypted: false,
    auth: false,
    client: 'B',
    raw: true,
    cookies: false,
  }),
  assetManifestMc: row<{ t: number }, Record<string, unknown>>({
    method: 'GET',
    path: '/mobile/mc/asset-manifest.json',
    encrypted: false,
    auth: false,
    client: 'B',
    raw: true,
    cookies: false,
  }),
} satisfies Record<string, Endpoint>;
