import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { paths, withReturnTo } from '@contracts/paths';
import {
  TWO_FACTOR_MESSAGES,
  TwoFactorCodeInput,
  type TwoFactorEnrolment,
  type TwoFactorPending,
} from '@contracts/auth-two-factor';
import { EnrolmentDetails } from '@web/features/auth/components/enrolment-details';
import { RecoveryCodeList } from '@web/features/auth/components/recovery-code-list';
import { Button } from '@web/components/ui/button';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { errorMessage, ApiError } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { usePageTitle } from '@web/lib/use-page-title';
import { returnToIn } from '@web/lib/return-to';
import { useSignInEnrolment, useTwoFactorPending, useVerifyTwoFactor } from '../api/two-factor';
import { AuthCard } from '../components/auth-card';

const CODE_FIELDS = ['code'] as const;
const VERIFY_FAILED = TWO_FACTOR_MESSAGES.verifyFailed;
const LOAD_FAILED = TWO_FACTOR_MESSAGES.loadFailed;
const SETUP_FAILED = TWO_FACTOR_MESSAGES.signInSetupFailed;
const verifyErrors = (error: unknown) => serverFormErrors(error, CODE_FIELDS, VERIFY_FAILED);

/** 401 (the half-done sign-in has expired or is gone) and 429 (locked) end it: start again. */
function endingMessage(error: unknown): string | null {
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 401) return errorMessage(error, TWO_FACTOR_MESSAGES.challengeExpired);
  if (status === 429) return errorMessage(error, TWO_FACTOR_MESSAGES.tooManyAttempts);
  return null;
}

/** '/login', keeping where the person was going. */
const loginPath = (returnTo: string) => withReturnTo(paths.login, returnTo);

function SignInAgainLink({ returnTo, children }: { returnTo: string; children: string }) {
  return (
    <p>
      <Link to={loginPath(returnTo)} className="font-medium text-primary underline underline-offset-4">
        {children}
      </Link>
    </p>
  );
}

/** Nothing to verify: the sign-in expired, was locked, or never started. */
function EndedCard({ message, returnTo }: { message: string; returnTo: string }) {
  return (
    <AuthCard
      title={TWO_FACTOR_MESSAGES.pageTitle}
      description={TWO_FACTOR_MESSAGES.endedDescription}
      serverError={message}
      footer={null}
    >
      <Button asChild size="lg">
        <Link to={loginPath(returnTo)}>{TWO_FACTOR_MESSAGES.signInAgain}</Link>
      </Button>
    </AuthCard>
  );
}

type Verify = ReturnType<typeof useVerifyTwoFactor>;

/** The code form: a 6-digit code from the app, or (when enrolled already) a recovery code. */
function CodeStep({
  step,
  enrolment,
  verify,
  returnTo,
  onVerified,
}: {
  step: TwoFactorPending['twoFactor'];
  enrolment: TwoFactorEnrolment | null;
  verify: Verify;
  returnTo: string;
  onVerified: (recoveryCodes: string[] | null) => void;
}) {
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const form = useForm({ resolver: zodResolver(TwoFactorCodeInput), defaultValues: { code: '' } });
  const { errors } = form.formState;

  // Arriving at the code step, or switching between app and recovery codes, puts the keyboard in
  // the field. While enrolling the QR code and key come first, so the focus stays at the top.
  const switched = useRef(false);
  useEffect(() => {
    if (step === 'code' || switched.current) form.setFocus('code');
  }, [mode, step, form]);

  const switchMode = () => {
    switched.current = true;
    verify.reset();
    form.reset({ code: '' });
    setMode((current) => (current === 'app' ? 'recovery' : 'app'));
  };

  const onSubmit = form.handleSubmit((values) => {
    verify.mutate(values, {
      onSuccess: (result) => onVerified(result.recoveryCodes),
      onError: (error) => {
        // A wrong code keeps the sign-in open: the field is cleared for the next try.
        const { fieldMessages } = verifyErrors(error);
        if (fieldMessages.code) form.setValue('code', '');
        applyFieldMessages(form.setError, CODE_FIELDS, fieldMessages);
      },
    });
  });

  const recovery = mode === 'recovery';
  const description =
    step === 'setup'
      ? TWO_FACTOR_MESSAGES.setupPrompt
      : recovery
        ? TWO_FACTOR_MESSAGES.recoveryPrompt
        : TWO_FACTOR_MESSAGES.codePrompt;

  return (
    <AuthCard
      title={TWO_FACTOR_MESSAGES.pageTitle}
      description={description}
      serverError={verify.isError ? verifyErrors(verify.error).alert : null}
      footer={<SignInAgainLink returnTo={returnTo}>{TWO_FACTOR_MESSAGES.backToSignIn}</SignInAgainLink>}
    >
      {enrolment ? <EnrolmentDetails enrolment={enrolment} keyId="two-factor-key" centred /> : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <TextField
          key={mode}
          id="two-factor-code"
          label={recovery ? TWO_FACTOR_MESSAGES.recoveryCodeLabel : TWO_FACTOR_MESSAGES.codeLabel}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          autoCapitalize="none"
          spellCheck={false}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" size="lg" disabled={verify.isPending}>
          {verify.isPending ? (
            <>
              <Spinner />
              Verifying...
            </>
          ) : (
            TWO_FACTOR_MESSAGES.verifyButton
          )}
        </Button>
        {step === 'code' ? (
          <Button
            type="button"
            variant="link"
            className="h-auto justify-self-center p-0"
            onClick={switchMode}
          >
            {recovery ? TWO_FACTOR_MESSAGES.useAppCode : TWO_FACTOR_MESSAGES.useRecoveryCode}
          </Button>
        ) : null}
      </form>
    </AuthCard>
  );
}

/** Step 'setup': the server makes the secret, then the same code form confirms the app has it. */
function SetupStep(props: {
  verify: Verify;
  returnTo: string;
  onVerified: (recoveryCodes: string[] | null) => void;
}) {
  const enrolment = useSignInEnrolment(true);
  if (enrolment.isPending) return <PageSpinner />;
  if (enrolment.isError) {
    const message = endingMessage(enrolment.error) ?? errorMessage(enrolment.error, SETUP_FAILED);
    return <EndedCard message={message} returnTo={props.returnTo} />;
  }
  return <CodeStep step="setup" enrolment={enrolment.data} {...props} />;
}

/** Shown once, straight after the sign-in that turned two-factor sign-in on. */
function RecoveryCodesCard({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => listRef.current?.focus(), []);
  return (
    <AuthCard
      title={TWO_FACTOR_MESSAGES.recoveryCodesTitle}
      description={TWO_FACTOR_MESSAGES.recoveryCodesNote}
      serverError={null}
      footer={null}
    >
      <RecoveryCodeList codes={codes} listRef={listRef} />
      <Button type="button" size="lg" onClick={onDone}>
        {TWO_FACTOR_MESSAGES.savedCodesButton}
      </Button>
    </AuthCard>
  );
}

/** The second sign-in step, after a right password (202 from the sign-in). */
export function TwoFactorPage() {
  usePageTitle(TWO_FACTOR_MESSAGES.pageTitle);
  const { isAuthenticated } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = returnToIn(searchParams);
  const verify = useVerifyTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const pending = useTwoFactorPending(!isAuthenticated && verify.isIdle);

  const goOn = () => void navigate(returnTo, { replace: true });
  const onVerified = (codes: string[] | null) => {
    if (codes && codes.length > 0) setRecoveryCodes(codes);
    else goOn();
  };

  if (recoveryCodes) return <RecoveryCodesCard codes={recoveryCodes} onDone={goOn} />;
  // Someone already signed in has nothing to do here; after our own sign-in onVerified navigates.
  if (isAuthenticated) return verify.isIdle ? <Navigate to={returnTo} replace /> : <PageSpinner />;

  const ended = verify.isError ? endingMessage(verify.error) : null;
  if (ended) return <EndedCard message={ended} returnTo={returnTo} />;
  if (pending.isPending) return <PageSpinner />;
  if (pending.isError)
    return <EndedCard message={errorMessage(pending.error, LOAD_FAILED)} returnTo={returnTo} />;
  if (pending.data === null)
    return <EndedCard message={TWO_FACTOR_MESSAGES.challengeExpired} returnTo={returnTo} />;

  return pending.data.twoFactor === 'setup' ? (
    <SetupStep verify={verify} returnTo={returnTo} onVerified={onVerified} />
  ) : (
    <CodeStep step="code" enrolment={null} verify={verify} returnTo={returnTo} onVerified={onVerified} />
  );
}
