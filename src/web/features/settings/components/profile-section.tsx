import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CurrentUser } from '@contracts/auth';
import { CARER_MESSAGES, PHOTO_MAX_BYTES } from '@contracts/carers';
import { ProfileUpdateInput, SETTINGS_MESSAGES } from '@contracts/settings';
import { initials } from '@web/components/account';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { FieldError, TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { useUpdateProfile, useUploadProfilePhoto } from '../api/settings-api';
import { FormAlert, SettingsSection } from './settings-section';

const PROFILE_FIELDS = ProfileUpdateInput.keyof().options;
const PROFILE_FAILED = 'Your name could not be saved. Please try again.';
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const PHOTO_FAILED = 'The photo could not be uploaded. Please try again.';
const PHOTO_INPUT_ID = 'settings-photo';
const PHOTO_HINT_ID = `${PHOTO_INPUT_ID}-hint`;
const PHOTO_ERROR_ID = `${PHOTO_INPUT_ID}-error`;
const profileErrors = (error: unknown) => serverFormErrors(error, PROFILE_FIELDS, PROFILE_FAILED);

function photoProblem(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return CARER_MESSAGES.photoType;
  if (file.size > PHOTO_MAX_BYTES) return CARER_MESSAGES.photoTooLarge;
  return null;
}

function PhotoField({ user }: { user: CurrentUser }) {
  const upload = useUploadProfilePhoto();
  const [error, setError] = useState<string | null>(null);
  // The chosen file is shown at once while it uploads; its object URL is released afterwards.
  const [preview, setPreview] = useState<string | null>(null);
  const shown = preview ?? user.profileImageUrl;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    setError(problem);
    if (problem) return;
    const previewUrl = URL.createObjectURL(file);
    setPreview(previewUrl);
    upload.mutate(file, {
      onSuccess: () =>
        toast({ title: SETTINGS_MESSAGES.profileSavedTitle, description: SETTINGS_MESSAGES.photoSavedBody }),
      onError: (uploadError) => setError(errorMessage(uploadError, PHOTO_FAILED)),
      onSettled: () => {
        setPreview(null);
        URL.revokeObjectURL(previewUrl);
      },
    });
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar className="size-20">
        {shown ? <AvatarImage src={shown} alt="Your profile photo" /> : null}
        <AvatarFallback aria-hidden="true" className="text-2xl">
          {initials(user)}
        </AvatarFallback>
      </Avatar>
      <div className="grid min-w-0 flex-1 gap-2">
        <Label htmlFor={PHOTO_INPUT_ID}>Profile photo</Label>
        <p id={PHOTO_HINT_ID} className="text-sm text-muted-foreground">
          JPEG, PNG or WebP, up to 5 MB. It uploads as soon as you choose it.
        </p>
        <input
          id={PHOTO_INPUT_ID}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          disabled={upload.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${PHOTO_HINT_ID} ${PHOTO_ERROR_ID}` : PHOTO_HINT_ID}
          onChange={onChange}
          className="block w-full min-w-0 cursor-pointer rounded-md text-sm text-muted-foreground file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:font-medium file:text-secondary-foreground hover:file:bg-secondary-hover disabled:cursor-not-allowed disabled:opacity-60"
        />
        <div aria-live="polite" className="grid gap-2">
          {upload.isPending ? (
            <p className="flex items-center gap-2 text-sm">
              <Spinner />
              Uploading photo...
            </p>
          ) : null}
          {error ? <FieldError id={PHOTO_ERROR_ID}>{error}</FieldError> : null}
        </div>
      </div>
    </div>
  );
}

/** Name and photo. */
export function ProfileSection({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(ProfileUpdateInput),
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ firstName: saved.firstName ?? '', lastName: saved.lastName ?? '' });
        toast({
          title: SETTINGS_MESSAGES.profileSavedTitle,
          description: SETTINGS_MESSAGES.profileSavedBody,
        });
      },
      onError: (error) =>
        applyFieldMessages(form.setError, PROFILE_FIELDS, profileErrors(error).fieldMessages),
    });
  });

  return (
    <SettingsSection id="profile" title="Profile" description="Your name and photo as others see them.">
      <PhotoField user={user} />
      <form noValidate onSubmit={onSubmit} aria-label="Your name" className="grid gap-5">
        <FormAlert message={update.isError ? profileErrors(update.error).alert : null} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="settings-first-name"
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField
            id="settings-last-name"
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <Button type="submit" className="w-full sm:w-fit" disabled={update.isPending}>
          {update.isPending ? (
            <>
              <Spinner />
              Saving...
            </>
          ) : (
            'Save name'
          )}
        </Button>
      </form>
    </SettingsSection>
  );
}
