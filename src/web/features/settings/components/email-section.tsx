import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CurrentUser } from '@contracts/auth';
import { EmailChangeInput, SETTINGS_MESSAGES } from '@contracts/settings';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { useChangeEmail } from '../api/settings-api';
import { FormAlert, SettingsSection } from './settings-section';

const EMAIL_FIELDS = EmailChangeInput.keyof().options;
const EMAIL_FAILED = 'Your email could not be changed. Please try again.';
// A 409 (the address belongs to another account) goes beside the new email.
const emailErrors = (error: unknown) => serverFormErrors(error, EMAIL_FIELDS, EMAIL_FAILED, 'newEmail');

/** The new address takes effect only once the emailed link is opened. */
export function EmailSection({ user }: { user: CurrentUser }) {
  const change = useChangeEmail();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const form = useForm({
    resolver: zodResolver(EmailChangeInput),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (pendingEmail) sentRef.current?.focus();
  }, [pendingEmail]);

  const onSubmit = form.handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: (answer) => {
        form.reset();
        setPendingEmail(answer.pendingEmail);
      },
      onError: (error) => applyFieldMessages(form.setError, EMAIL_FIELDS, emailErrors(error).fieldMessages),
    });
  });

  return (
    <SettingsSection
      id="email"
      title="Email"
      description="We send a link to the new address; your email changes when you open it."
    >
      <p className="text-sm wrap-anywhere">
        Current email: <span className="font-medium">{user.email}</span>
      </p>
      <div role="status">
        {pendingEmail ? (
          <div
            ref={sentRef}
            tabIndex={-1}
            className="grid gap-1 rounded-md border border-border bg-muted p-4 text-sm focus:outline-none"
          >
            <p className="font-semibold">{SETTINGS_MESSAGES.emailChangeSentTitle}</p>
            <p className="wrap-anywhere">{SETTINGS_MESSAGES.emailChangeSentBody(pendingEmail)}</p>
          </div>
        ) : null}
      </div>
      <form noValidate onSubmit={onSubmit} aria-label="Change your email" className="grid gap-5">
        <FormAlert message={change.isError ? emailErrors(change.error).alert : null} />
        <TextField
          id="settings-new-email"
          label="New email"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errors.newEmail?.message}
          {...form.register('newEmail')}
        />
        <TextField
          id="settings-email-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <Button type="submit" className="w-full sm:w-fit" disabled={change.isPending}>
          {change.isPending ? (
            <>
              <Spinner />
              Sending link...
            </>
          ) : (
            'Change email'
          )}
        </Button>
      </form>
    </SettingsSection>
  );
}
