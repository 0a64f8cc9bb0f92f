import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Download } from 'lucide-react';
import { safeReturnPath } from '@contracts/auth';
import { paths } from '@contracts/paths';
import {
  TWO_FACTOR_MESSAGES,
  TwoFactorCodeInput,
  type TwoFactorEnrolment,
  type TwoFactorPending,
} from '@contracts/two-factor';
import { Button } from '@web/components/ui/button';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, parseApiError } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { usePageTitle } from '@web/lib/use-page-title';
import { useSignInEnrolment, useTwoFactorPending, useVerifyTwoFactor } from '../api/two-factor';
import { AuthCard } from '../components/auth-card';

const CODE_FIELDS = ['code'] as const;
const VERIFY_FAILED = 'We could not check your code. Please check your connection and try again.';
const LOAD_FAILED = 'We could not load this sign-in step. Please check your connection and sign in again.';
const SETUP_FAILED = 'We could not start setting up two-factor sign-in. Please sign in again.';
const verifyErrors = (error: unknown) => serverFormErrors(error, CODE_FIELDS, VERIFY_FAILED);
const RECOVERY_CODES_FILE = 'carematch-recovery-codes.txt';

/** 401 (the half-done sign-in has expired or is gone) and 429 (locked) end it: start again. */
function endingMessage(error: unknown): string | null {
  const status = parseApiError(error)?.status;
  if (status === 401) return errorMessage(error, TWO_FACTOR_MESSAGES.challengeExpired);
  if (status === 429) return errorMessage(error, TWO_FACTOR_MESSAGES.tooManyAttempts);
  return null;
}

/** '/login', keeping where the person was going. */
function loginPath(returnTo: string): string {
  return returnTo === paths.home
    ? paths.login
    : `${paths.login}?${new URLSearchParams({ returnTo }).toString()}`;
}

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
      description="Sign in with your email and password to get a new code."
      serverError={message}
      footer={null}
    >
      <Button asChild size="lg">
        <Link to={loginPath(returnTo)}>Sign in again</Link>
      </Button>
    </AuthCard>
  );
}

/** Groups of four, easier to type into an app by hand (apps ignore the spaces). */
function groupKey(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/** The QR code and the key for typing in, for an admin enrolling while signing in. */
function EnrolmentDetails({ enrolment }: { enrolment: TwoFactorEnrolment }) {
  return (
    <div className="grid gap-4">
      <img
        src={enrolment.qrCodeDataUrl}
        alt="QR code to scan with your authenticator app"
        width={192}
        height={192}
        className="mx-auto size-48 rounded-md border border-border bg-white p-2"
      />
      <div className="grid gap-1">
        <p id="two-factor-key-label" className="text-sm font-medium">
          {TWO_FACTOR_MESSAGES.manualKeyLabel}
        </p>
        <p className="rounded-md bg-muted p-3">
          <code id="two-factor-key" className="font-mono text-sm break-all select-all">
            {groupKey(enrolment.secret)}
          </code>
        </p>
      </div>
    </div>
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
      footer={<SignInAgainLink returnTo={returnTo}>Back to sign in</SignInAgainLink>}
    >
      {enrolment ? <EnrolmentDetails enrolment={enrolment} /> : null}
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

function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Shown once, straight after the sign-in that turned two-factor sign-in on. */
function RecoveryCodesCard({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => listRef.current?.focus(), []);
  const text = `${TWO_FACTOR_MESSAGES.recoveryCodesTitle}\n${TWO_FACTOR_MESSAGES.recoveryCodesNote}\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Codes Copied', description: 'Paste them somewhere safe, such as a password manager.' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could Not Copy',
        description: 'Select the codes and copy them, or download them as a file.',
      });
    }
  };

  return (
    <AuthCard
      title={TWO_FACTOR_MESSAGES.recoveryCodesTitle}
      description={TWO_FACTOR_MESSAGES.recoveryCodesNote}
      serverError={null}
      footer={null}
    >
      <ul
        ref={listRef}
        tabIndex={-1}
        aria-label={TWO_FACTOR_MESSAGES.recoveryCodesTitle}
        className="grid grid-cols-2 gap-2 rounded-md bg-muted p-4 font-mono text-sm focus:outline-none"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <Button type="button" variant="outline" onClick={() => downloadText(RECOVERY_CODES_FILE, text)}>
          <Download aria-hidden="true" />
          Download as .txt
        </Button>
      </div>
      <Button type="button" size="lg" onClick={onDone}>
        {TWO_FACTOR_MESSAGES.savedCodesButton}
      </Button>
    </AuthCard>
  );
}

/** Issue 8 point 3: the second sign-in step, after a right password (202 from the sign-in). */
export function TwoFactorPage() {
  usePageTitle(TWO_FACTOR_MESSAGES.pageTitle);
  const { isAuthenticated } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeReturnPath(searchParams.get('returnTo'));
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
