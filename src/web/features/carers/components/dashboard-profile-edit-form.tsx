import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CarerProfileForm, type OwnCarerProfile } from '@contracts/carers';
import { POSTCODE_MESSAGES } from '@contracts/postcodes';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@web/lib/api-client';
import { schemaResolver } from '@web/lib/schema-resolver';
import { useUpdateProfile } from '../api/update-profile';
import {
  applyProfileMessages,
  focusFirstError,
  type CarerFormValues,
  PROFILE_FOCUS_ORDER,
  PROFILE_FORM_CLASS,
  ProfileFormFields,
  profileToFormValues,
} from './profile-form-fields';

const UPDATE_FAILED = 'Failed to update profile. Please try again.';

type DashboardProfileEditFormProps = {
  profile: OwnCarerProfile;
  /** Leaves edit mode: after a successful save, or on Cancel (which discards the changes). */
  onDone: () => void;
  /** The id of the control that takes the keyboard when the form opens (its first field by default). */
  startAt?: string;
};

/** Edit mode of the profile information (product §4: Save sends an update and returns to view mode). */
export function DashboardProfileEditForm({
  profile,
  onDone,
  startAt = 'edit-specialization',
}: DashboardProfileEditFormProps) {
  const updateProfile = useUpdateProfile();
  const form = useForm<CarerFormValues, unknown, z.output<typeof CarerProfileForm>>({
    resolver: schemaResolver(CarerProfileForm),
    defaultValues: profileToFormValues(profile),
    shouldFocusError: false,
  });

  // Edit Profile (or Update Availability) sits elsewhere on the page: take the keyboard to the form.
  useEffect(() => {
    document.getElementById(startAt)?.focus();
  }, [startAt]);

  const onSubmit = form.handleSubmit(
    (input) => {
      updateProfile.mutate(
        { id: profile.id, input },
        {
          onSuccess: (saved) => {
            // A postcode the service could not check now is saved all the same: say so.
            toast({
              title: 'Profile Updated',
              description: saved.homePostcodeChecked
                ? 'Your changes have been saved.'
                : `Your changes have been saved. ${POSTCODE_MESSAGES.unchecked}`,
            });
            onDone();
          },
          onError: (error) => {
            toast({
              variant: 'destructive',
              title: 'Update Failed',
              description: errorMessage(error, UPDATE_FAILED),
            });
            applyProfileMessages(form, fieldErrors(error));
          },
        },
      );
    },
    (errors) => focusFirstError(form, errors, PROFILE_FOCUS_ORDER),
  );

  return (
    <form noValidate onSubmit={onSubmit} className={PROFILE_FORM_CLASS}>
      <ProfileFormFields form={form} idPrefix="edit" availabilityUpdatedAt={profile.availabilityUpdatedAt} />
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
