import type { ReactNode } from 'react';
import { Label } from '@web/components/ui/label';
import { FieldError } from '@web/components/ui/text-field';
import { cn } from '@web/lib/utils';

/** The id of a field's error message, for the control's aria-describedby. */
export const errorIdFor = (id: string) => `${id}-error`;

/** Props that wire a control to its label and error message. */
export function fieldAria(id: string, error: string | undefined, hintId?: string) {
  const describedBy = [hintId, error ? errorIdFor(id) : undefined].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** Label above, control, then an optional hint and the error message beside the field. */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  /** Rendered with id `${id}-hint`; pass that id to fieldAria. */
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorIdFor(id)}>{error}</FieldError> : null}
    </div>
  );
}
