import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CarerProfileInput, type CarerProfileFormValues, type OwnCarerProfile } from '@contracts/carers';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@web/lib/api-client';
import { applyFieldMessages } from '@web/lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';
import {
  focusFirstError,
  PROFILE_FIELDS,
  PROFILE_FORM_CLASS,
  ProfileFormFields,
  profileToFormValues,
} from './profile-form-fields';

const UPDATE_FAILED = 'Failed to update profile. Please try again.';

type DashboardProfileEditFormProps = {
  profile: OwnCarerProfile;
  /** Leaves edit mode: after a successful save, or on Cancel (which discards the changes). */
  onDone: () => void;
};

/** Edit mode of the profile information (SPEC section 4: Save sends an update and returns to view mode). */
export function DashboardProfileEditForm({ profile, onDone }: DashboardProfileEditFormProps) {
  const updateProfile = useUpdateProfile();
  const form = useForm<CarerProfileFormValues, unknown, CarerProfileInput>({
    resolver: zodResolver(CarerProfileInput),
    defaultValues: profileToFormValues(profile),
    shouldFocusError: false,
  });

  // Edit Profile sits elsewhere on the page: take the keyboard to the first field.
  useEffect(() => {
    form.setFocus('specialization');
  }, [form]);

  const onSubmit = form.handleSubmit(
    (input) => {
      updateProfile.mutate(
        { id: profile.id, input },
        {
          onSuccess: () => {
            toast({ title: 'Profile Updated', description: 'Your changes have been saved.' });
            onDone();
          },
          onError: (error) => {
            toast({
              variant: 'destructive',
              title: 'Update Failed',
              description: errorMessage(error, UPDATE_FAILED),
            });
            applyFieldMessages(form.setError, PROFILE_FIELDS, fieldErrors(error));
          },
        },
      );
    },
    (errors) => focusFirstError(form, errors, PROFILE_FIELDS),
  );

  return (
    <form noValidate onSubmit={onSubmit} className={PROFILE_FORM_CLASS}>
      <ProfileFormFields form={form} idPrefix="edit" />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" disabled={updateProfile.isPending}>
          {updateProfile.isPending ? (
            <>
              <Spinner />
              Saving...
            </>
          ) : (
            'Save'
          )}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={updateProfile.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
