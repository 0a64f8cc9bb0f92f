import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EMAIL_VERIFICATION_MESSAGES } from '@contracts/auth';
import { paths, withReturnTo } from '@contracts/paths';
import { ResendConfirmationButton } from '@web/components/email-confirmation';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/use-page-title';
import { forgetReturnAfterEmailProof, readReturnAfterEmailProof } from '@web/lib/return-after-email-proof';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { useEmailedLink } from '../components/use-emailed-link';

/**
 * /verify-email?token=… confirms a new account's email address, once. In a
 * browser with no session it also signs in, so registering and opening the link is one path.
 * "Continue" goes back to the page the person registered from, when this browser remembers one.
 */
export function VerifyEmailPage() {
  const { isAuthenticated } = useAuth();
  const verify = useVerifyEmail();
  const { failed, outcomeRef } = useEmailedLink(verify);
  // The page registering started from (a family circle invitation, say), remembered by this browser.
  const [returnTo] = useState(readReturnAfterEmailProof);
  useEffect(() => {
    if (verify.data?.signedIn) forgetReturnAfterEmailProof();
  }, [verify.data]);
  usePageTitle(failed ? 'Link expired' : EMAIL_VERIFICATION_MESSAGES.confirmed);

  if (!failed && !verify.isSuccess) return <PageSpinner label="Confirming your email address" />;

  if (failed) {
    return (
      <AuthCard
        title="Link expired"
        description="Confirmation links work once, for 24 hours."
        serverError={null}
        footer={
          isAuthenticated ? null : (
            <Link to={paths.login} className="font-medium text-primary underline underline-offset-4">
              Sign in
            </Link>
          )
        }
      >
        <div className="grid gap-4">
          <p ref={outcomeRef} tabIndex={-1} role="status" className="focus:outline-none">
            {errorMessage(verify.error, EMAIL_VERIFICATION_MESSAGES.linkInvalid)}
          </p>
          {isAuthenticated ? <ResendConfirmationButton /> : null}
        </div>
      </AuthCard>
    );
  }

  const { email, signedIn, continuePath } = verify.data!;
  const signInTo = withReturnTo(paths.login, returnTo ?? paths.home);
  // A new carer still goes on to build their profile (their landing); a family goes back.
  const next = returnTo && continuePath === paths.home ? returnTo : continuePath;
  return (
    <AuthCard
      title={EMAIL_VERIFICATION_MESSAGES.confirmed}
      description="Thank you."
      serverError={null}
      footer={null}
    >
      <div className="grid gap-4">
        <p ref={outcomeRef} tabIndex={-1} role="status" className="focus:outline-none">
          {signedIn
            ? `${email} is confirmed and you are signed in.`
            : `${email} is confirmed. Sign in to continue.`}
        </p>
        <Button asChild size="lg">
          {signedIn ? <Link to={next}>Continue</Link> : <Link to={signInTo}>Sign in</Link>}
        </Button>
      </div>
    </AuthCard>
  );
}
