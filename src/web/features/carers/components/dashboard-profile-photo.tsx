import { useState } from 'react';
import type { OwnCarerProfile } from '@contracts/carers';
import { PHOTO_HINT, PHOTO_UPLOAD_FAILED, PhotoInput } from '@web/components/photo-input';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useUploadPhoto } from '../api/upload-photo';

function profileInitials(profile: OwnCarerProfile): string {
  const letters = `${profile.firstName.trim().charAt(0)}${profile.lastName.trim().charAt(0)}`;
  return letters.toUpperCase() || 'C';
}

/** The current photo (or initials) and a file input that uploads as soon as a photo is chosen. */
export function DashboardProfilePhoto({ profile }: { profile: OwnCarerProfile }) {
  const uploadPhoto = useUploadPhoto();
  const [error, setError] = useState<string | null>(null);

  const onPhoto = (file: File) =>
    uploadPhoto.mutate(
      { id: profile.id, file },
      {
        onSuccess: () =>
          toast({ title: 'Photo Updated', description: 'Your new profile photo is now showing.' }),
        onError: (uploadError) => setError(errorMessage(uploadError, PHOTO_UPLOAD_FAILED)),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="text-lg">
          <h2>Profile photo</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-4">
          <Avatar className="size-20 text-2xl">
            {profile.photoUrl ? (
              <AvatarImage src={profile.photoUrl} alt="Your current profile photo" />
            ) : null}
            <AvatarFallback aria-hidden="true" className="text-2xl">
              {profileInitials(profile)}
            </AvatarFallback>
          </Avatar>
          {profile.photoUrl ? null : (
            <p className="text-sm text-muted-foreground">
              You have not added a photo yet. Families are more likely to get in touch when they can see you.
            </p>
          )}
        </div>
        <PhotoInput
          id="dashboard-photo"
          label="Upload a new photo"
          hint={PHOTO_HINT}
          uploading={uploadPhoto.isPending}
          error={error}
          onError={setError}
          onPhoto={onPhoto}
          className="grid gap-2"
        />
      </CardContent>
    </Card>
  );
}
