/**
 * Announcement popups (docs/engagement.md, "Announcement popup"; docs/product.md §2, §3, §4, §6, §9).
 *
 * Who sees what: a visitor the items of execution B; a member those of A, and on a first-time login
 * also F. When: the data loads 500 ms after the popup is mounted and the popup shows 1000 ms after
 * it arrived. Until when: closing keeps it closed for the rest of the session; with 'do not show
 * today' ticked it stays closed until the next local midnight after the tick; it comes back as soon
 * as the content changes (a hash of every title and content). The older popup's 'never show again'
 * keeps it closed until the content changes.
 *
 * Storage (docs/product.md §9): the key SHELL_PU_A_<member id> for a member, SHELL_PU_B for a
 * visitor; the session's closed state in session storage, the hide time in local storage.
 *
 * `announcementModel()` runs one popup's pipeline (timers, load, filter, hash, sanitise, close) as
 * signals; AnnouncementPopup.tsx renders it.
 */
import { batch, computed, effect, signal } from '@preact/signals-core';
import { endpoints, type PopupItem, type PromotionType } from '../../contract/endpoints.ts';
import { call } from '../../core/api/client.ts';
import { hashString } from '../../core/hash.ts';
import { preloadLinkHosts } from '../../core/html/links.ts';
import { preloadSanitizer, sanitizeHtml, type TrustedHtml } from '../../core/html/sanitize.ts';
import { autoLoginPending } from '../../core/session/autoLogin.ts';
import { memberInfo } from '../../core/session/member.ts';
import { session } from '../../core/session/sessionInfo.ts';
import { localStore, sessionStore } from '../../core/storage/storage.ts';
import { MemberType } from '../../core/session/memberType.ts';
import { SWIPE_AUTOPLAY_MS } from '../../ui/swipe.ts';

/** docs/product.md §9. */
export const ANNOUNCEMENT_LOAD_DELAY_MS = 500;
export const ANNOUNCEMENT_POPUP_DELAY_MS = 1000;
export const ANNOUNCEMENT_AUTOPLAY_MS = SWIPE_AUTOPLAY_MS;

export const MEMBER_KEY_PREFIX = 'SHELL_PU_A_';
export const VISITOR_KEY = 'SHELL_PU_B';

export type HideMode = 'today' | 'never';

export interface Viewer {
  /** undefined: a visitor. */
  memberId?: number | string;
  firstTimeLogin?: boolean;
  /** docs/product.md §1: -1 visitor, 0 member, 1 and 2 agents, 4 restricted. */
  memberType: number;
  /** The member's VIP label has benefits (label type AUTO). */
  vipBenefit?: boolean;
}

/** What is kept per viewer: the hash of the content it was closed on and, if ticked, when. */
export interface HiddenRecord {
  hash: string;
  /** Epoch ms of the 'do not show today' tick. */
  hideTime?: number;
  /** The older popup's 'never show again'. */
  never?: boolean;
}

export const storageKey = (viewer: Viewer) =>
  viewer.memberId === undefined ? VISITOR_KEY : `${MEMBER_KEY_PREFIX}${viewer.memberId}`;

/** docs/product.md §6: B logged out; A logged in, plus F on a first-time login. */
export function itemsFor(items: readonly PopupItem[], viewer: Viewer): PopupItem[] {
  if (viewer.memberId === undefined) return items.filter((i) => i.execution === 'B');
  return items.filter((i) => i.execution === 'A' || (viewer.firstTimeLogin === true && i.execution === 'F'));
}

/** The hash the hidden state is compared with: every title and content, in order. */
export function contentHash(items: readonly PopupItem[]): string {
  return hashString(items.map((i) => `${i.title}\u0000${i.content}`).join('\u0001'));
}

/** The first local midnight after `time` (the player's own time zone, daylight saving included). */
export function nextLocalMidnight(time: number): number {
  const d = new Date(time);
  d.setHours(24, 0, 0, 0);
  return d.getTime();
}

/**
 * Whether the popup shows (docs/product.md §4): always when the content changed; with 'never' on the
 * same content, not; with 'do not show today' ticked, not before the next local midnight after the
 * tick and again from then on, even in the same session (an installed app stays open overnight);
 * otherwise not when it was closed this session.
 */
export function shouldShow(hash: string, now: number, stored: { session?: HiddenRecord; local?: HiddenRecord }): boolean {
  const local = stored.local;
  if (local?.hash === hash) {
    if (local.never) return false;
    if (local.hideTime !== undefined) return now >= nextLocalMidnight(local.hideTime);
  }
  return stored.session?.hash !== hash;
}

const isRecord = (v: unknown): v is HiddenRecord =>
  typeof v === 'object' && v !== null && typeof (v as HiddenRecord).hash === 'string';

export function readHidden(key: string): { session?: HiddenRecord; local?: HiddenRecord } {
  const session = sessionStore.get<unknown>(key);
  const local = localStore.get<unknown>(key);
  return { session: isRecord(session) ? session : undefined, local: isRecord(local) ? local : undefined };
}

/**
 * Closing: closed for the session; with the box ticked, the hide time (or 'never') is kept too.
 * Closing without the tick forgets an older tick, so the session rule decides again.
 */
export function storeHidden(key: string, hash: string, ticked: HideMode | undefined, now: number): void {
  sessionStore.set(key, { hash });
  if (ticked === 'today') localStore.set(key, { hash, hideTime: now });
  else if (ticked === 'never') localStore.set(key, { hash, never: true });
  else localStore.remove(key);
}

/**
 * docs/product.md §6: the go-to-activity button shows for member types 0, 1 and 2 only; a REFERRAL
 * item only for type 0; an UPGRADE_BONUS item only with the VIP benefit flag.
 */
export function showsGoToActivity(promotionType: PromotionType | null | undefined, viewer: Viewer): boolean {
  if (!promotionType) return false;
  const type = viewer.memberType;
  if (type !== MemberType.MEMBER && type !== MemberType.AGENT && type !== MemberType.AGENT_2) return false;
  if (promotionType === 'REFERRAL' && type !== MemberType.MEMBER) return false;
  if (promotionType === 'UPGRADE_BONUS' && !viewer.vipBenefit) return false;
  return true;
}

/** The /m path the go-to-activity button opens. */
export const activityPath = (item: PopupItem) =>
  item.promotionId ? `/m/activity?id=${encodeURIComponent(item.promotionId)}` : '/m/activity';

const isItem = (v: unknown): v is PopupItem => {
  const i = v as PopupItem;
  return (
    typeof v === 'object' &&
    v !== null &&
    (typeof i.id === 'string' || typeof i.id === 'number') &&
    typeof i.title === 'string' &&
    typeof i.content === 'string' &&
    (i.execution === 'A' || i.execution === 'B' || i.execution === 'F')
  );
};

/**
 * GET /wps/relay/MCSFE_getListAnnouncements (types PR, platform M, category app_download). Quiet: a
 * popup that cannot load is no reason to bother the player. Malformed entries are left out.
 */
export async function loadAnnouncements(): Promise<PopupItem[]> {
  const res = await call(
    endpoints.listAnnouncements,
    { types: 'PR', platform: 'M', category: 'app_download' },
    { alert: false, sessionAlert: true },
  );
  const list: unknown = res.value;
  return Array.isArray(list) ? list.filter(isItem).map((i) => ({ ...i, id: String(i.id) })) : [];
}

/** The viewer from the session and member info (docs/product.md §1, §4). */
export function currentViewer(): Viewer {
  const s = session.value;
  const info = memberInfo.value;
  if (!s) return { memberType: MemberType.VISITOR };
  return {
    memberId: info?.id ?? s.id,
    firstTimeLogin: s.firstTimeLogin === true,
    memberType: info?.type ?? s.type ?? MemberType.MEMBER,
    vipBenefit: info?.clubLabel?.type === 'AUTO',
  };
}

export type CloseReason = 'close' | 'activity';

/** Loaded, filtered, not hidden and sanitised: what the popup shows. */
export interface Ready {
  items: PopupItem[];
  html: (string | TrustedHtml)[];
  hash: string;
  key: string;
}

export interface CloseOptions {
  /** The hide mode when the box is shown and ticked (see `hideAs`). */
  hideAs: HideMode | undefined;
  /** The closing animation (0: none, the player asked for reduced motion). */
  delayMs: number;
  onClosed?: (reason: CloseReason, hidden: HideMode | undefined) => void;
}

/** The overlay queue's answer key: the same content once per session and local day. */
export const turnKey = (hash: string, now: number) => `announcement:${hash}:${new Date(now).toDateString()}`;

/**
 * One popup: its state as signals and the pipeline that fills them. A closure rather than a class:
 * its inner names minify, and the popup's chunk has a size budget (docs/performance.md).
 */
export function announcementModel() {
  /** The viewer, from the session and member signals. */
  const viewer = computed(currentViewer);
  const key = computed(() => storageKey(viewer.value));
  /** An auto login is under way, or the member info of a session has not arrived: wait. */
  const waiting = computed(() => autoLoginPending.value || (viewer.value.memberId === undefined && !!session.value));
  const ready = signal<Ready | undefined>(undefined);
  /** The popup delay after the data arrived has passed. */
  const due = signal(false);
  const index = signal(0);
  const ticked = signal(false);
  const closing = signal<CloseReason | undefined>(undefined);
  /** Closed: stays closed until the viewer changes. */
  const done = signal(false);
  /** forceRead on any item: closing walks the slides first (docs/product.md §4). */
  const forceRead = computed(() => ready.value?.items.some((i) => i.forceRead) ?? false);
  /** Closing now would only move to the next slide. */
  const advances = computed(() => forceRead.value && index.value < (ready.value?.items.length ?? 0) - 1);
  let closeTimer: ReturnType<typeof setTimeout> | undefined;

  /** 500 ms after the start the data, then the popup 1000 ms after it arrived (docs/product.md §9). */
  const run = (storage: string) => {
    let gone = false;
    let showTimer: ReturnType<typeof setTimeout> | undefined;
    batch(() => {
      ready.value = undefined;
      due.value = false;
      done.value = false;
      index.value = 0;
    });
    const loadTimer = setTimeout(() => {
      preloadSanitizer();
      void loadAnnouncements()
        .then(async (all) => {
          const items = itemsFor(all, viewer.peek());
          if (gone || items.length === 0) return;
          const hash = contentHash(items);
          if (!shouldShow(hash, Date.now(), readHidden(storage))) return;
          // Never the raw HTML: no sanitiser (offline), no popup.
          const html = await Promise.all(items.map((i) => sanitizeHtml(i.content)));
          if (gone) return;
          // A signed-in player's links to the merchant's lines carry the token: know the lines before a tap.
          if (viewer.peek().memberId !== undefined) preloadLinkHosts();
          ready.value = { items, html, hash, key: storage };
          showTimer = setTimeout(() => !gone && (due.value = true), ANNOUNCEMENT_POPUP_DELAY_MS);
        })
        .catch(() => {}); // quiet: the next visit tries again
    }, ANNOUNCEMENT_LOAD_DELAY_MS);
    return () => {
      gone = true;
      clearTimeout(loadTimer);
      clearTimeout(showTimer);
    };
  };

  /** The closing animation, then the stored hidden state and the turn given back. */
  const close = (reason: CloseReason, { hideAs, delayMs, onClosed }: CloseOptions) => {
    const shown = ready.peek();
    if (closing.peek() || !shown) return;
    closing.value = reason;
    const finish = () => {
      const hidden = ticked.peek() ? hideAs : undefined;
      storeHidden(shown.key, shown.hash, hidden, Date.now());
      batch(() => {
        done.value = true;
        closing.value = undefined;
      });
      onClosed?.(reason, hidden);
    };
    if (delayMs <= 0) finish();
    else closeTimer = setTimeout(finish, delayMs);
  };

  return {
    viewer,
    ready,
    due,
    index,
    ticked,
    closing,
    done,
    forceRead,
    advances,
    /** Wants an overlay turn. */
    wanted: computed(() => !!ready.value && due.value && !done.value),
    item: computed(() => {
      const items = ready.value?.items;
      return items ? items[Math.min(index.value, items.length - 1)] : undefined;
    }),
    /**
     * Runs the pipeline for as long as the view is mounted, again for each viewer (key) or when the
     * wait ends; returns the stop function.
     */
    connect(): () => void {
      const stop = effect(() => {
        const storage = key.value;
        if (!waiting.value) return run(storage);
      });
      return () => {
        stop();
        clearTimeout(closeTimer);
      };
    },
    /** Close (the x, 'I know', Escape): with forceRead the next slide until the last (docs/product.md §4). */
    dismiss(options: CloseOptions) {
      if (closing.peek()) return;
      if (advances.peek()) index.value = index.peek() + 1;
      else close('close', options);
    },
    close,
  };
}
export type AnnouncementModel = ReturnType<typeof announcementModel>;
