import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { NewPassword } from '@contracts/auth';
import { PASSWORD_MIN_LENGTH } from '@contracts/limits';
import { paths } from '@contracts/paths';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { useTokenFromAddress } from '@web/lib/use-address-token';
import { usePageTitle } from '@web/lib/use-page-title';
import { isResetLinkInvalid, useResetPassword } from '../api/password-reset';
import { AuthCard } from '../components/auth-card';

// The token comes in the address (and is taken out of it at once), so the form asks only for the new password.
const ResetForm = z.object({ newPassword: NewPassword });
const RESET_FIELDS = ['newPassword'] as const;
const RESET_FAILED = 'We could not change your password. Please check your connection and try again.';
const resetErrors = (error: unknown) => serverFormErrors(error, RESET_FIELDS, RESET_FAILED);

const askAgainLink = (
  <Link to={paths.forgotPassword} className="font-medium text-primary underline underline-offset-4">
    Ask for a new link
  </Link>
);

/** /reset-password?token=… chooses a new password, once. */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const token = useTokenFromAddress();
  const reset = useResetPassword();
  const form = useForm({ resolver: zodResolver(ResetForm), defaultValues: { newPassword: '' } });
  const { errors } = form.formState;
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const linkInvalid = !token || (reset.isError && isResetLinkInvalid(reset.error));

  useEffect(() => {
    if (reset.isSuccess || linkInvalid) outcomeRef.current?.focus();
  }, [reset.isSuccess, linkInvalid]);

  if (linkInvalid) {
    return (
      <AuthCard
        title="Link expired"
        description="Reset links work once, for one hour."
        serverError={null}
        footer={askAgainLink}
      >
        <p ref={outcomeRef} tabIndex={-1} role="status" className="focus:outline-none">
          {SETTINGS_MESSAGES.resetLinkInvalid}
        </p>
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard
        title={SETTINGS_MESSAGES.passwordResetTitle}
        description="You can use your new password straight away."
        serverError={null}
        footer={
          <Link to={paths.login} className="font-medium text-primary underline underline-offset-4">
            Sign in
          </Link>
        }
      >
        <p ref={outcomeRef} tabIndex={-1} role="status" className="focus:outline-none">
          {SETTINGS_MESSAGES.passwordResetBody}
        </p>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(({ newPassword }) => {
    reset.mutate(
      { token, newPassword },
      {
        onError: (error) => applyFieldMessages(form.setError, RESET_FIELDS, resetErrors(error).fieldMessages),
      },
    );
  });

  return (
    <AuthCard
      title="Choose a new password"
      description="Pick a password you do not use anywhere else."
      serverError={reset.isError ? resetErrors(reset.error).alert : null}
      footer={<p>Link not working? {askAgainLink}</p>}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <TextField
          id="reset-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? (
            <>
              <Spinner />
              Saving...
            </>
          ) : (
            'Save new password'
          )}
        </Button>
      </form>
    </AuthCard>
  );
}
