import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useEffect, useRef } from 'react';
import { MailCheck } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterInput, type UserType } from '@contracts/auth';
import { paths, registerAsParam, withReturnTo } from '@contracts/paths';
import { AUTH_TEXTS } from '@contracts/site-texts';
import { useDemoMailbox } from '@web/features/demo';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { FieldError, TextField } from '@web/components/ui/text-field';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { usePageTitle } from '@web/lib/use-page-title';
import { useAuth } from '@web/lib/auth';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { rememberReturnAfterEmailProof } from '@web/lib/return-after-email-proof';
import { returnToIn } from '@web/lib/return-to';

const REGISTER_FIELDS = RegisterInput.keyof().options;
const REGISTER_FAILED = 'We could not create your account. Please check your connection and try again.';
const registerErrors = (error: unknown) => serverFormErrors(error, REGISTER_FIELDS, REGISTER_FAILED, 'email');

const USER_TYPE_CHOICES: readonly { value: UserType; label: string }[] = [
  { value: 'customer', label: 'Looking for care' },
  { value: 'carer', label: 'Offering care as a carer' },
];

/**
 * After registering (decision 0019): nobody is signed in; the link in the email confirms the address
 * and signs in. The same words whether or not the address already had an account.
 */
function CheckYourEmail({ email, returnTo }: { email: string; returnTo: string }) {
  const headingRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // Demo mode sends no real email: its mailbox holds the link (production has none: null).
  const demoMailbox = useDemoMailbox();
  return (
    <AuthCard
      title="Check your email"
      description="One more step to create your account."
      serverError={null}
      footer={
        <p>
          Already confirmed?{' '}
          <Link
            to={withReturnTo(paths.login, returnTo)}
            className="font-medium text-primary underline underline-offset-4"
          >
            Sign in
          </Link>
        </p>
      }
    >
      <div className="grid gap-3" data-testid="register-check-email">
        <MailCheck aria-hidden="true" className="size-8 text-primary" />
        <p ref={headingRef} tabIndex={-1} role="status" className="focus:outline-none">
          We sent an email to <span className="font-medium">{email}</span>. Open the link in it to confirm
          your address and finish creating your account.
        </p>
        <p className="text-sm text-muted-foreground">
          The link works for 24 hours. If nothing arrives within a few minutes, check your spam folder.
        </p>
        {demoMailbox.data ? (
          <p className="text-sm" data-testid="register-demo-mailbox">
            {AUTH_TEXTS.demoMailboxLead}{' '}
            <Link to={paths.demoMailbox} className="font-medium text-primary underline underline-offset-4">
              {AUTH_TEXTS.demoMailboxLink}
            </Link>
          </p>
        ) : null}
      </div>
    </AuthCard>
  );
}

export function RegisterPage() {
  const { isAuthenticated } = useAuth();
  const registerMutation = useRegister();
  // Where the person was (a family circle invitation, say): back there once the address is proved.
  const [searchParams] = useSearchParams();
  const returnTo = returnToIn(searchParams);
  // "Sign Up & Subscribe" arrives as a family, "Create My Profile" as a carer; the choice can change.
  const as = registerAsParam(searchParams.get('as'));
  usePageTitle(registerMutation.isSuccess ? 'Check your email' : 'Create your account');
  const form = useForm<z.input<typeof RegisterInput>, unknown, z.output<typeof RegisterInput>>({
    resolver: zodResolver(RegisterInput),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', userType: as ?? undefined },
  });
  const { errors } = form.formState;

  // Someone already signed in has nothing to do here.
  if (isAuthenticated && registerMutation.isIdle) return <Navigate to={paths.home} replace />;
  if (registerMutation.isSuccess)
    return <CheckYourEmail email={registerMutation.data.email} returnTo={returnTo} />;

  const onSubmit = form.handleSubmit((values) => {
    registerMutation.mutate(values, {
      // The emailed link opens in a new tab: this browser remembers the way back for it.
      onSuccess: () => rememberReturnAfterEmailProof(returnTo),
      onError: (error) =>
        applyFieldMessages(form.setError, REGISTER_FIELDS, registerErrors(error).fieldMessages),
    });
  });

  const serverError = registerMutation.isError ? registerErrors(registerMutation.error).alert : null;
  const userTypeErrorId = errors.userType ? 'register-userType-error' : undefined;

  return (
    <AuthCard
      title="Create your account"
      description="Join CareMatch to find care or to offer it."
      serverError={serverError}
      footer={
        <p>
          Already have an account?{' '}
          <Link
            to={withReturnTo(paths.login, returnTo)}
            className="font-medium text-primary underline underline-offset-4"
          >
            Sign in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="register-firstName"
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField
            id="register-lastName"
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <TextField
          id="register-email"
          label="Email"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          id="register-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <fieldset className="grid gap-3" aria-describedby={userTypeErrorId}>
          <legend className="mb-3 text-sm font-medium">I am</legend>
          {USER_TYPE_CHOICES.map(({ value, label }) => (
            <label
              key={value}
              htmlFor={`register-userType-${value}`}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-border p-3 text-sm has-checked:border-primary has-checked:bg-secondary"
            >
              <input
                id={`register-userType-${value}`}
                type="radio"
                value={value}
                aria-invalid={errors.userType ? true : undefined}
                className="size-4 accent-primary"
                {...form.register('userType')}
              />
              {label}
            </label>
          ))}
          {errors.userType?.message && userTypeErrorId ? (
            <FieldError id={userTypeErrorId}>{errors.userType.message}</FieldError>
          ) : null}
        </fieldset>
        <Button type="submit" size="lg" disabled={registerMutation.isPending}>
          {registerMutation.isPending ? (
            <>
              <Spinner />
              Creating account...
            </>
          ) : (
            'Create account'
          )}
        </Button>
      </form>
    </AuthCard>
  );
}
