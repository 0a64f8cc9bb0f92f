import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@contracts/limits';
import { PasswordChangeInput, SETTINGS_MESSAGES } from '@contracts/settings';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { useChangePassword } from '../api/settings-api';
import { FormAlert, SettingsSection } from './settings-section';

const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;
const PASSWORD_FAILED = 'Your password could not be changed. Please try again.';
const passwordErrors = (error: unknown) => serverFormErrors(error, PASSWORD_FIELDS, PASSWORD_FAILED);

/** A new password signs out every other session; this one stays. */
export function PasswordSection() {
  const change = useChangePassword();
  const form = useForm({
    resolver: zodResolver(PasswordChangeInput),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast({
          title: SETTINGS_MESSAGES.passwordChangedTitle,
          description: SETTINGS_MESSAGES.passwordChangedBody,
        });
      },
      onError: (error) =>
        applyFieldMessages(form.setError, PASSWORD_FIELDS, passwordErrors(error).fieldMessages),
    });
  });

  return (
    <SettingsSection
      id="password"
      title="Password"
      description="Changing your password signs you out on every other device."
    >
      <form noValidate onSubmit={onSubmit} aria-label="Change your password" className="grid gap-5">
        <FormAlert message={change.isError ? passwordErrors(change.error).alert : null} />
        <TextField
          id="settings-current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <TextField
          id="settings-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, different from the current one.`}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <Button type="submit" className="w-full sm:w-fit" disabled={change.isPending}>
          {change.isPending ? (
            <>
              <Spinner />
              Saving...
            </>
          ) : (
            'Change password'
          )}
        </Button>
      </form>
    </SettingsSection>
  );
}
