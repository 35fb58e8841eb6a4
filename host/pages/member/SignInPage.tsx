/** /m/activity/signIn (docs/member-centre.md, "Daily sign-in"). */
import { SignIn } from '../../../src/features/member-centre/SignIn.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { McFrame } from './McFrame.tsx';

export function SignInPage() {
  const { t } = useT();
  return (
    <McFrame title={t('page.sign_in')}>
      <SignIn />
    </McFrame>
  );
}
