import { useState, type ChangeEvent } from 'react';
import { CARER_MESSAGES, PHOTO_MAX_BYTES, type OwnCarerProfile } from '@contracts/carers';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { FieldError } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useUploadPhoto } from '../api/upload-photo';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const UPLOAD_FAILED = 'The photo could not be uploaded. Please try again.';
const INPUT_ID = 'dashboard-photo';
const HINT_ID = `${INPUT_ID}-hint`;
const ERROR_ID = `${INPUT_ID}-error`;

function profileInitials(profile: OwnCarerProfile): string {
  const letters = `${profile.firstName.trim().charAt(0)}${profile.lastName.trim().charAt(0)}`;
  return letters.toUpperCase() || 'C';
}

/** Checks in the browser what the server checks too, so a too-large file is refused at once. */
function photoProblem(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return CARER_MESSAGES.photoType;
  if (file.size > PHOTO_MAX_BYTES) return CARER_MESSAGES.photoTooLarge;
  return null;
}

/** The current photo (or initials) and a file input that uploads as soon as a photo is chosen. */
export function DashboardProfilePhoto({ profile }: { profile: OwnCarerProfile }) {
  const uploadPhoto = useUploadPhoto();
  const [error, setError] = useState<string | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing something) still counts as a change.
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    setError(problem);
    if (problem) return;
    uploadPhoto.mutate(
      { id: profile.id, file },
      {
        onSuccess: () =>
          toast({ title: 'Photo Updated', description: 'Your new profile photo is now showing.' }),
        onError: (uploadError) => setError(errorMessage(uploadError, UPLOAD_FAILED)),
      },
    );
  };

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
        <div className="grid gap-2">
          <Label htmlFor={INPUT_ID}>Upload a new photo</Label>
          <p id={HINT_ID} className="text-sm text-muted-foreground">
            JPEG, PNG or WebP, up to 5 MB.
          </p>
          <input
            id={INPUT_ID}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            disabled={uploadPhoto.isPending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${HINT_ID} ${ERROR_ID}` : HINT_ID}
            onChange={onChange}
            className="block w-full min-w-0 cursor-pointer rounded-md text-sm text-muted-foreground file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:font-medium file:text-secondary-foreground hover:file:bg-secondary-hover disabled:cursor-not-allowed disabled:opacity-60"
          />
          {/* Always present so the upload's progress and any problem are announced. */}
          <div aria-live="polite" className="grid gap-2">
            {uploadPhoto.isPending ? (
              <p className="flex items-center gap-2 text-sm">
                <Spinner />
                Uploading photo...
              </p>
            ) : null}
            {error ? <FieldError id={ERROR_ID}>{error}</FieldError> : null}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
