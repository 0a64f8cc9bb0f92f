import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/use-page-title';
import { useConfirmEmail } from '../api/password-reset';
import { AuthCard } from '../components/auth-card';
import { useEmailedLink } from '../components/use-emailed-link';

/** /confirm-email?token=… switches the account to the new address, once. */
export function ConfirmEmailPage() {
  usePageTitle('Confirm your email');
  const { isAuthenticated } = useAuth();
  const confirm = useConfirmEmail();
  const { failed, outcomeRef } = useEmailedLink(confirm);

  if (!failed && !confirm.isSuccess) return <PageSpinner label="Confirming your email" />;

  const next = isAuthenticated ? (
    <Link to={paths.settings} className="font-medium text-primary underline underline-offset-4">
      Go to Settings
    </Link>
  ) : (
    <Link to={paths.login} className="font-medium text-primary underline underline-offset-4">
      Sign in
    </Link>
  );

  return (
    <AuthCard
      title={failed ? 'Link expired' : SETTINGS_MESSAGES.emailChangedTitle}
      description={failed ? 'Email confirmation links work once, for 24 hours.' : 'All done.'}
      serverError={null}
      footer={next}
    >
      <p ref={outcomeRef} tabIndex={-1} role="status" className="focus:outline-none">
        {failed
          ? errorMessage(confirm.error, SETTINGS_MESSAGES.emailChangeLinkInvalid)
          : SETTINGS_MESSAGES.emailChangedBody}
      </p>
    </AuthCard>
  );
}
