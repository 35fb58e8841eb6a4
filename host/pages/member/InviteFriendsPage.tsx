/** /m/inviteFriends (docs/member-centre.md, "Invite friends"): public; a visitor sees the rules and the way to log in. */
import { useSignals } from '@preact/signals-react/runtime';
import { isLoggedIn } from '../../../src/core/session/sessionInfo.ts';
import { InviteFriends } from '../../../src/features/member-centre/InviteFriends.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { AppLink } from '../../AppLink.tsx';
import { McFrame } from './McFrame.tsx';

export function InviteFriendsPage() {
  useSignals();
  const { t } = useT();
  return (
    <McFrame title={t('home.invite')}>
      <InviteFriends
        member={isLoggedIn.value}
        loginLink={
          <AppLink to="/m/login" className="btn btn-primary">
            {t('login')}
          </AppLink>
        }
      />
    </McFrame>
  );
}
