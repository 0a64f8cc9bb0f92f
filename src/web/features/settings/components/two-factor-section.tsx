import { useEffect, useRef, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import {
  TWO_FACTOR_MESSAGES,
  TwoFactorEnableInput,
  TwoFactorPasswordInput,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@contracts/auth-two-factor';
import { EnrolmentDetails, RecoveryCodeList } from '@web/features/auth';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, ApiError } from '@web/lib/api-client';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRenewRecoveryCodes,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor-api';
import { formatLastSeen } from '../format';
import { FormAlert, SettingsSection } from './settings-section';

const ENABLE_FIELDS = ['code', 'currentPassword'] as const;
const PASSWORD_FIELDS = ['currentPassword'] as const;
const {
  statusFailed: STATUS_FAILED,
  setupFailed: SETUP_FAILED,
  enableFailed: ENABLE_FAILED,
  renewFailed: RENEW_FAILED,
  disableFailed: DISABLE_FAILED,
} = TWO_FACTOR_MESSAGES;

type View =
  | { kind: 'status' }
  | { kind: 'enrolling'; enrolment: TwoFactorEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'renew' }
  | { kind: 'disable' };

/** Moves the keyboard to `ref` when the part it belongs to appears. */
function useFocusOnMount(ref: RefObject<HTMLElement | null>) {
  useEffect(() => ref.current?.focus(), [ref]);
}

const failed = (error: unknown, fallback: string) =>
  toast({
    variant: 'destructive',
    title: SETTINGS_MESSAGES.errorTitle,
    description: errorMessage(error, fallback),
  });

function StatusList({ status }: { status: TwoFactorStatus }) {
  return (
    <div className="grid gap-2 text-sm">
      <dl className="grid gap-2">
        <div className="flex items-center gap-2">
          <dt className="font-medium">{TWO_FACTOR_MESSAGES.statusLabel}</dt>
          <dd>
            <Badge variant={status.enabled ? 'success' : 'muted'}>
              {status.enabled ? TWO_FACTOR_MESSAGES.statusOn : TWO_FACTOR_MESSAGES.statusOff}
            </Badge>
          </dd>
        </div>
        {status.enabled && status.enabledAt ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium">{TWO_FACTOR_MESSAGES.turnedOnLabel}</dt>
            <dd>{formatLastSeen(status.enabledAt)}</dd>
          </div>
        ) : null}
      </dl>
      {status.enabled ? <p>{TWO_FACTOR_MESSAGES.codesLeft(status.recoveryCodesLeft)}</p> : null}
    </div>
  );
}

/**
 * Step 2 of turning on: scan (or type) the secret, then prove the app has it with a code, and
 * that this is the account's owner with the password (a stolen session cannot turn it on).
 */
function EnrolForm({
  enrolment,
  onEnabled,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const form = useForm({
    resolver: zodResolver(TwoFactorEnableInput),
    defaultValues: { code: '', currentPassword: '' },
  });
  const { errors } = form.formState;
  const promptRef = useRef<HTMLParagraphElement>(null);
  useFocusOnMount(promptRef);
  const enableErrors = (error: unknown) => serverFormErrors(error, ENABLE_FIELDS, ENABLE_FAILED);

  const onSubmit = form.handleSubmit((values) => {
    enable.mutate(values, {
      onSuccess: ({ recoveryCodes }) => {
        toast({ title: TWO_FACTOR_MESSAGES.enabledTitle, description: TWO_FACTOR_MESSAGES.enabledBody });
        onEnabled(recoveryCodes);
      },
      onError: (error) => applyFieldMessages(form.setError, ENABLE_FIELDS, enableErrors(error).fieldMessages),
    });
  });

  return (
    <div className="grid gap-5">
      <p ref={promptRef} tabIndex={-1} className="text-sm focus:outline-none">
        {TWO_FACTOR_MESSAGES.scanPrompt}
      </p>
      <EnrolmentDetails enrolment={enrolment} keyId="settings-two-factor-key" />
      <form noValidate onSubmit={onSubmit} aria-label="Confirm your authenticator app" className="grid gap-5">
        <FormAlert message={enable.isError ? enableErrors(enable.error).alert : null} />
        <TextField
          id="settings-two-factor-code"
          label={TWO_FACTOR_MESSAGES.codeLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          className="max-w-xs"
          error={errors.code?.message}
          {...form.register('code')}
        />
        <TextField
          id="settings-two-factor-enable-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Enter your password to confirm."
          className="max-w-xs"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" className="w-full sm:w-fit" disabled={enable.isPending}>
            {enable.isPending ? (
              <>
                <Spinner />
                Turning on...
              </>
            ) : (
              TWO_FACTOR_MESSAGES.turnOnButton
            )}
          </Button>
          <Button type="button" variant="outline" className="w-full sm:w-fit" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The one-time recovery codes, shown only now (after turning on, or renewing). */
function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(headingRef);
  return (
    <div className="grid gap-4">
      <h3
        ref={headingRef}
        id="two-factor-codes-heading"
        tabIndex={-1}
        className="text-lg font-semibold focus:outline-none"
      >
        {TWO_FACTOR_MESSAGES.recoveryCodesTitle}
      </h3>
      <p className="text-sm">{TWO_FACTOR_MESSAGES.recoveryCodesNote}</p>
      <RecoveryCodeList codes={codes} labelledBy="two-factor-codes-heading" />
      <Button type="button" className="w-full sm:w-fit" onClick={onDone}>
        {TWO_FACTOR_MESSAGES.savedCodesButton}
      </Button>
    </div>
  );
}

/** Renewing the codes and turning off both ask for the password again. */
function PasswordConfirmForm({
  action,
  onDone,
  onCancel,
}: {
  action: 'renew' | 'disable';
  onDone: (codes: string[] | null) => void;
  onCancel: () => void;
}) {
  const renew = useRenewRecoveryCodes();
  const disable = useDisableTwoFactor();
  const mutation = action === 'renew' ? renew : disable;
  const fallback = action === 'renew' ? RENEW_FAILED : DISABLE_FAILED;
  const passwordErrors = (error: unknown) => serverFormErrors(error, PASSWORD_FIELDS, fallback);
  const label = action === 'renew' ? TWO_FACTOR_MESSAGES.newCodesButton : TWO_FACTOR_MESSAGES.turnOffButton;
  const form = useForm({
    resolver: zodResolver(TwoFactorPasswordInput),
    defaultValues: { currentPassword: '' },
  });
  const { errors } = form.formState;
  useEffect(() => form.setFocus('currentPassword'), [form]);

  const onError = (error: unknown) =>
    applyFieldMessages(form.setError, PASSWORD_FIELDS, passwordErrors(error).fieldMessages);

  const onSubmit = form.handleSubmit((values) => {
    if (action === 'renew') {
      renew.mutate(values, {
        onSuccess: ({ recoveryCodes }) => {
          toast({
            title: TWO_FACTOR_MESSAGES.codesRenewedTitle,
            description: TWO_FACTOR_MESSAGES.codesRenewedBody,
          });
          onDone(recoveryCodes);
        },
        onError,
      });
    } else {
      disable.mutate(values, {
        onSuccess: () => {
          toast({ title: TWO_FACTOR_MESSAGES.disabledTitle, description: TWO_FACTOR_MESSAGES.disabledBody });
          onDone(null);
        },
        onError,
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={label} className="grid gap-5">
      <FormAlert message={mutation.isError ? passwordErrors(mutation.error).alert : null} />
      <TextField
        id={`two-factor-${action}-password`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        hint="Enter your password to confirm."
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          type="submit"
          variant={action === 'disable' ? 'destructive' : 'default'}
          className="w-full sm:w-fit"
          disabled={mutation.isPending}
        >
          {mutation.isPending ? <Spinner /> : null}
          {label}
        </Button>
        <Button type="button" variant="outline" className="w-full sm:w-fit" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Two-factor sign-in with an authenticator app, turned on and off here (decision 0012). */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const [view, setView] = useState<View>({ kind: 'status' });
  // Back from a step, the keyboard returns to the section's first button.
  const actionRef = useRef<HTMLButtonElement>(null);
  const returning = useRef(false);
  useEffect(() => {
    if (view.kind === 'status' && returning.current) {
      returning.current = false;
      actionRef.current?.focus();
    }
  }, [view]);
  const backToStatus = () => {
    returning.current = true;
    setView({ kind: 'status' });
  };

  const startSetup = () =>
    start.mutate(undefined, {
      onSuccess: (enrolment) => setView({ kind: 'enrolling', enrolment }),
      onError: (error) => {
        // Already on (in another tab, say): the status catches up.
        if (error instanceof ApiError && error.status === 409) void status.refetch();
        failed(error, SETUP_FAILED);
      },
    });

  let body;
  if (status.isPending) {
    body = <Skeleton className="h-10 w-full max-w-sm" />;
  } else if (status.isError) {
    body = <p className="text-sm text-destructive">{errorMessage(status.error, STATUS_FAILED)}</p>;
  } else if (view.kind === 'enrolling') {
    body = (
      <EnrolForm
        enrolment={view.enrolment}
        onEnabled={(codes) => setView({ kind: 'codes', codes })}
        onCancel={backToStatus}
      />
    );
  } else if (view.kind === 'codes') {
    body = <RecoveryCodesPanel codes={view.codes} onDone={backToStatus} />;
  } else if (view.kind === 'renew' || view.kind === 'disable') {
    body = (
      <PasswordConfirmForm
        key={view.kind}
        action={view.kind}
        onDone={(codes) => (codes ? setView({ kind: 'codes', codes }) : backToStatus())}
        onCancel={backToStatus}
      />
    );
  } else if (!status.data.enabled) {
    body = (
      <Button
        ref={actionRef}
        type="button"
        className="w-full sm:w-fit"
        disabled={start.isPending}
        onClick={startSetup}
      >
        {start.isPending ? <Spinner /> : null}
        {TWO_FACTOR_MESSAGES.setUpButton}
      </Button>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button
            ref={actionRef}
            type="button"
            variant="outline"
            className="w-full sm:w-fit"
            onClick={() => setView({ kind: 'renew' })}
          >
            {TWO_FACTOR_MESSAGES.newCodesButton}
          </Button>
          {status.data.required ? null : (
            <Button
              type="button"
              variant="outline"
              className="w-full sm:w-fit"
              onClick={() => setView({ kind: 'disable' })}
            >
              {TWO_FACTOR_MESSAGES.turnOffButton}
            </Button>
          )}
        </div>
        {status.data.required ? (
          <p className="text-sm text-muted-foreground">{TWO_FACTOR_MESSAGES.requiredForAdmins}</p>
        ) : null}
      </div>
    );
  }

  return (
    <SettingsSection
      id="two-factor"
      title={TWO_FACTOR_MESSAGES.sectionTitle}
      description={TWO_FACTOR_MESSAGES.sectionIntro}
    >
      {status.data ? <StatusList status={status.data} /> : null}
      {body}
    </SettingsSection>
  );
}
