/** /m/activity/signIn (docs/member-centre.md, "Daily sign-in"). */
import { SignIn } from '../../../src/features/member-centre/SignIn.tsx';
import { useT } from '../../../src/ui/useT.ts';
import { McPage } from './McPage.tsx';

export function SignInPage() {
  const { t } = useT();
  return (
    <McPage title={t('page.sign_in')}>
      <SignIn />
    </McPage>
  );
}
