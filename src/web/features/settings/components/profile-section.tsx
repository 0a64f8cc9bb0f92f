import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CurrentUser } from '@contracts/auth';
import { ProfileUpdateInput, SETTINGS_MESSAGES } from '@contracts/settings';
import { initials } from '@web/components/account';
import { PHOTO_HINT, PHOTO_UPLOAD_FAILED, PhotoInput } from '@web/components/photo-input';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { useUpdateProfile, useUploadProfilePhoto } from '../api/settings-api';
import { FormAlert, SettingsSection } from './settings-section';

const PROFILE_FIELDS = ProfileUpdateInput.keyof().options;
const PROFILE_FAILED = 'Your name could not be saved. Please try again.';
const profileErrors = (error: unknown) => serverFormErrors(error, PROFILE_FIELDS, PROFILE_FAILED);

function PhotoField({ user }: { user: CurrentUser }) {
  const upload = useUploadProfilePhoto();
  const [error, setError] = useState<string | null>(null);
  // The chosen file is shown at once while it uploads; its object URL is released afterwards.
  const [preview, setPreview] = useState<string | null>(null);
  const shown = preview ?? user.profileImageUrl;

  const onPhoto = (file: File) => {
    const previewUrl = URL.createObjectURL(file);
    setPreview(previewUrl);
    upload.mutate(file, {
      onSuccess: () =>
        toast({ title: SETTINGS_MESSAGES.profileSavedTitle, description: SETTINGS_MESSAGES.photoSavedBody }),
      onError: (uploadError) => setError(errorMessage(uploadError, PHOTO_UPLOAD_FAILED)),
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
      <PhotoInput
        id="settings-photo"
        label="Profile photo"
        hint={`${PHOTO_HINT} It uploads as soon as you choose it.`}
        uploading={upload.isPending}
        error={error}
        onError={setError}
        onPhoto={onPhoto}
        className="grid min-w-0 flex-1 gap-2"
      />
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
