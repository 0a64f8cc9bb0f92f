import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@contracts/paths';
import { ForgotPasswordInput, SETTINGS_MESSAGES } from '@contracts/settings';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { ApiError } from '@web/lib/api-client';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { usePageTitle } from '@web/lib/use-page-title';
import { useForgotPassword } from '../api/password-reset';
import { AuthCard } from '../components/auth-card';

const FORGOT_FIELDS = ForgotPasswordInput.keyof().options;
const FORGOT_FAILED = 'We could not send the link. Please check your connection and try again.';

function forgotErrors(error: unknown) {
  const result = serverFormErrors(error, FORGOT_FIELDS, FORGOT_FAILED);
  // A 429 without a message of its own still says what happened.
  if (error instanceof ApiError && error.status === 429 && result.alert === FORGOT_FAILED) {
    return { ...result, alert: SETTINGS_MESSAGES.tooManyResetRequests };
  }
  return result;
}

const signInLink = (
  <p>
    Remembered it?{' '}
    <Link to={paths.login} className="font-medium text-primary underline underline-offset-4">
      Back to sign in
    </Link>
  </p>
);

/** Asks for a reset link; the answer never says whether the email has an account. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot your password?');
  const forgot = useForgotPassword();
  const form = useForm({ resolver: zodResolver(ForgotPasswordInput), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (forgot.isSuccess) doneRef.current?.focus();
  }, [forgot.isSuccess]);

  if (forgot.isSuccess) {
    return (
      <AuthCard
        title={SETTINGS_MESSAGES.resetRequestedTitle}
        description="Follow the link in the email to choose a new password."
        serverError={null}
        footer={signInLink}
      >
        <p ref={doneRef} tabIndex={-1} role="status" className="focus:outline-none">
          {SETTINGS_MESSAGES.resetRequestedBody}
        </p>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit((values) => {
    forgot.mutate(values, {
      onError: (error) => applyFieldMessages(form.setError, FORGOT_FIELDS, forgotErrors(error).fieldMessages),
    });
  });

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email address you sign in with and we will send you a link to choose a new password."
      serverError={forgot.isError ? forgotErrors(forgot.error).alert : null}
      footer={signInLink}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" size="lg" disabled={forgot.isPending}>
          {forgot.isPending ? (
            <>
              <Spinner />
              Sending link...
            </>
          ) : (
            'Send reset link'
          )}
        </Button>
      </form>
    </AuthCard>
  );
}
