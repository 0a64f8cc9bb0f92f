import type { ComponentProps } from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '@web/lib/utils';
import { Input } from './input';
import { Label } from './label';
import { Textarea } from './textarea';

/** A field's error message, linked to its control through aria-describedby. */
export function FieldError({
  id,
  children,
  className,
}: {
  id: string;
  children: string;
  className?: string;
}) {
  return (
    <p id={id} className={cn('flex items-start gap-1.5 text-sm font-medium text-destructive', className)}>
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

type TextFieldProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  hint?: string;
  error?: string;
};

/** Label, optional hint, input and error message, wired together for assistive technology. */
export function TextField({ id, label, hint, error, className, ...inputProps }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {error && errorId ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

type TextareaFieldProps = ComponentProps<'textarea'> & {
  id: string;
  label: string;
  hint?: string;
  error?: string;
};

/** Label, optional hint, textarea and error message, wired together as TextField wires an input. */
export function TextareaField({ id, label, hint, error, className, ...textareaProps }: TextareaFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textareaProps}
      />
      {error && errorId ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
