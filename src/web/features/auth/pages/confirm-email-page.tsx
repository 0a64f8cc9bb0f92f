import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { useTokenFromAddress } from '@web/lib/use-address-token';
import { usePageTitle } from '@web/lib/use-page-title';
import { useConfirmEmail } from '../api/password-reset';
import { AuthCard } from '../components/auth-card';

/** Issue 8 point 1: /confirm-email?token=… switches the account to the new address, once. */
export function ConfirmEmailPage() {
  usePageTitle('Confirm your email');
  const token = useTokenFromAddress();
  const { isAuthenticated } = useAuth();
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  // StrictMode runs effects twice in development: the link is single use, so it is posted once.
  const sent = useRef(false);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  const failed = !token || confirm.isError;
  useEffect(() => {
    if (confirm.isSuccess || failed) outcomeRef.current?.focus();
  }, [confirm.isSuccess, failed]);

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
