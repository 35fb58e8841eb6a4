/** The question a link with another account's token asks (host/main.tsx, src/core/session/handover.ts). */
import { merchantCode } from '../src/core/config/config.ts';
import { showNotice } from '../src/core/notice/notices.ts';
import { MemberType } from '../src/core/session/memberType.ts';
import { clearSession, saveSession, session } from '../src/core/session/sessionInfo.ts';

/**
 * A link brought another account's token while this page has a session: the player chooses. The
 * safe choice (keep the account they are in) is the default: the primary and focused button, Escape
 * and the backdrop; the link's token is then forgotten.
 */
export function askWhichAccount(linkToken: string) {
  const userName = session.value?.userName;
  showNotice({
    id: 'session-handover',
    titleKey: 'handover_title',
    messageKey: userName ? 'handover_message' : 'handover_message_unnamed',
    messageValues: userName ? { userName } : undefined,
    buttons: [
      {
        labelKey: 'handover_switch',
        action: () => {
          // The other account starts clean: nothing of this member's session is carried over.
          clearSession();
          saveSession({ token: linkToken, merchantCode: merchantCode.value, type: MemberType.MEMBER });
        },
      },
      { labelKey: 'handover_keep', autoFocus: true },
    ],
  });
}
