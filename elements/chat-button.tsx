/**
 * `<wps-chat-button>`: the chat footer button (docs/engagement.md, "Chat"; docs/product.md §2, §3,
 * §5, §6, §7, §9).
 *
 * Shows only when the merchant's whitelabel flag CBS3 is on. A member sees the unread count
 * (CBS_unreadCount, asked on mount, every minute while the page is visible and when it becomes
 * visible again); a tap launches chat (CBS_launchChat with b2c, title, backUrl, language, where CN
 * and TW are sent as CN, and headerColor) and goes to the checked chat URL. A visitor (type -1) is sent
 * to /m/login; a type-4 member gets the no-permission text for 2 s.
 *
 * @element wps-chat-button
 * @attr {string} merchant - merchant code sent as the Merchant header
 * @attr {string} api-base - origin of the operator's /wps API (default: this page's origin)
 * @attr {string} heading - the chat page's title (default: the translated 'Live chat')
 * @attr {string} header-color - the chat page's header colour, #rgb or #rrggbb
 * @fires wps-chat-launch - `{ url }`, cancelable: preventDefault() keeps the page where it is (open the URL yourself)
 * @part chat - the corner box; also button, badge, denied
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { defineElement } from './define.tsx';
import { emit } from './emit.ts';
import { ChatButton } from '../src/features/chat/ChatButton.tsx';
import { CHAT_FLAG } from '../src/features/chat/model.ts';
import css from '../src/features/chat/chat.css';
import { isFlagOn, loadSiteStatus } from '../src/core/config/siteStatus.ts';

export interface ChatButtonElementProps {
  heading?: string;
  headerColor?: string;
}

function ChatButtonElement({ host, heading, headerColor }: ChatButtonElementProps & { host: HTMLElement }) {
  useSignals();
  useEffect(() => {
    void loadSiteStatus();
  }, []);
  if (!isFlagOn(CHAT_FLAG)) return null;
  const color = headerColor && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(headerColor) ? headerColor : undefined;
  return <ChatButton title={heading} headerColor={color} onLaunch={(url) => emit(host, 'wps-chat-launch', { url }, true)} />;
}

export const WpsChatButton = defineElement<ChatButtonElementProps>('wps-chat-button', {
  props: { heading: 'string', headerColor: 'string' },
  css: [css],
  render: (props, host) => <ChatButtonElement host={host} heading={props.heading} headerColor={props.headerColor} />,
});
