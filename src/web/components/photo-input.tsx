import type { ChangeEvent } from 'react';
import { CARER_MESSAGES, PHOTO_MAX_BYTES } from '@contracts/carers';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { FieldError } from '@web/components/ui/text-field';

/** The photo types the server's image check accepts (src/server/platform/images.ts). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** What a photo may be, said beside every photo input. */
export const PHOTO_HINT = 'JPEG, PNG or WebP, up to 5 MB.';
export const PHOTO_UPLOAD_FAILED = 'The photo could not be uploaded. Please try again.';

/** Checks in the browser what the server checks too, so a too-large file is refused at once. */
export function photoProblem(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return CARER_MESSAGES.photoType;
  if (file.size > PHOTO_MAX_BYTES) return CARER_MESSAGES.photoTooLarge;
  return null;
}

/**
 * A labelled photo file input that hands over a chosen photo at once, for the caller to upload
 * (the carer dashboard's photo, Settings' profile photo). A file the server would refuse is
 * refused here with the server's words; the upload's progress and any problem are announced.
 */
export function PhotoInput({
  id,
  label,
  hint,
  uploading,
  error,
  onError,
  onPhoto,
  className,
}: {
  id: string;
  label: string;
  hint: string;
  uploading: boolean;
  error: string | null;
  /** The problem with the chosen file, or null once a good one is chosen. */
  onError: (error: string | null) => void;
  onPhoto: (file: File) => void;
  className?: string;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing something) still counts as a change.
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    onError(problem);
    if (!problem) onPhoto(file);
  };

  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <input
        id={id}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        disabled={uploading}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={onChange}
        className="block w-full min-w-0 cursor-pointer rounded-md text-sm text-muted-foreground file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:font-medium file:text-secondary-foreground hover:file:bg-secondary-hover disabled:cursor-not-allowed disabled:opacity-60"
      />
      {/* Always present so the upload's progress and any problem are announced. */}
      <div aria-live="polite" className="grid gap-2">
        {uploading ? (
          <p className="flex items-center gap-2 text-sm">
            <Spinner />
            Uploading photo...
          </p>
        ) : null}
        {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      </div>
    </div>
  );
}
