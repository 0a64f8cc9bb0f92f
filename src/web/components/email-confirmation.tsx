// Decision 0019 (product.md, difference 10): until an account confirms its email address it cannot
// message, review, pay or send checks. The screens that would say 403 say so first, with a way
// to get a new link.
import { useMutation } from '@web/lib/mutation';
import { MailWarning } from 'lucide-react';
import type { CurrentUser } from '@contracts/auth';
import { EMAIL_NOT_CONFIRMED, EMAIL_VERIFICATION_MESSAGES } from '@contracts/auth-messages';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { endpoints } from '@contracts/endpoints';
import { api, errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/utils';

/** Signed in, and the address not confirmed yet. */
export const needsEmailConfirmation = (user: CurrentUser | null | undefined): user is CurrentUser =>
  !!user && !user.emailVerified;

/** POST /api/auth/verify-email/resend: a new link to the signed-in account's address. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: () => api(endpoints.auth.postVerifyEmailResend),
  });
}

/** The "Resend confirmation email" button with the outcome read out beside it. */
export function ResendConfirmationButton({ className }: { className?: string }) {
  const resend = useResendConfirmation();
  return (
    <div className={cn('flex flex-wrap items-center gap-3', className)}>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? (
          <>
            <Spinner />
            Sending...
          </>
        ) : (
          'Resend confirmation email'
        )}
      </Button>
      <p role="status" className="text-sm">
        {resend.isSuccess
          ? EMAIL_VERIFICATION_MESSAGES.resent
          : resend.isError
            ? errorMessage(resend.error, 'We could not send the email. Please try again.')
            : ''}
      </p>
    </div>
  );
}

/** In place of a form the account may not use yet: what to do, and the resend button. */
export function EmailConfirmationNotice({ user, className }: { user: CurrentUser; className?: string }) {
  return (
    <Alert className={cn('flex-col', className)} data-testid="email-confirmation-notice">
      <div className="flex gap-3">
        <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="grid gap-1">
          <p className="font-medium">Confirm your email address</p>
          <p>{EMAIL_NOT_CONFIRMED}</p>
          <p className="text-muted-foreground">
            The link went to <span className="font-medium text-foreground">{user.email}</span>.
          </p>
        </div>
      </div>
      <ResendConfirmationButton />
    </Alert>
  );
}

/** Under the header on every page while the signed-in account's address is not confirmed. */
export function EmailConfirmationBanner({ user }: { user: CurrentUser | null }) {
  if (!needsEmailConfirmation(user)) return null;
  return (
    <section
      aria-label="Confirm your email address"
      className="border-b border-border bg-muted"
      data-testid="email-confirmation-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm sm:px-6 md:px-4 lg:px-8">
        <p>
          <span className="font-medium">Please confirm your email address.</span> We sent a link to{' '}
          <span className="font-medium">{user.email}</span>; until you open it you cannot message carers,
          write reviews, pay or send your checks.
        </p>
        <ResendConfirmationButton />
      </div>
    </section>
  );
}
