/**
 * The notice queue the error catalogue and features post to. Whoever renders notices (the host
 * page, or a `<wps-notice queue>` element on a merchant's page) shows the first one.
 * Texts are i18n keys unless a server message is given, so a notice follows a language change.
 */
import { signal } from '@preact/signals-core';

export interface NoticeButton {
  /** i18n key of the label. */
  labelKey: string;
  /** Runs after the notice closes. */
  action?: () => void;
  /** Focused when the notice opens: the safe choice of a question. */
  autoFocus?: boolean;
}

export interface NoticeItem {
  id: string;
  /** i18n key of the title, if any. */
  titleKey?: string;
  /** A server message, shown as it is. */
  message?: string;
  /** i18n key used when there is no server message. */
  messageKey?: string;
  /** Values the message's key interpolates (`{{userName}}`). */
  messageValues?: Record<string, string>;
  buttons: NoticeButton[];
  /** Escape and the backdrop do not close it. */
  forced?: boolean;
}

export const notices = signal<NoticeItem[]>([]);

let counter = 0;

/** Adds a notice; a notice with the same id replaces the waiting one (no stack of identical alerts). */
export function showNotice(item: Omit<NoticeItem, 'id' | 'buttons'> & { id?: string; buttons?: NoticeButton[] }): string {
  const id = item.id ?? `notice-${++counter}`;
  const full: NoticeItem = { ...item, id, buttons: item.buttons ?? [{ labelKey: 'ok' }] };
  notices.value = [...notices.value.filter((n) => n.id !== id), full];
  return id;
}

export function closeNotice(id: string, button?: NoticeButton) {
  notices.value = notices.value.filter((n) => n.id !== id);
  button?.action?.();
}
