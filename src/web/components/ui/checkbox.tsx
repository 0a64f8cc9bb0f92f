import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';

/** A styled native checkbox; wrap it in a <label> or point a <Label htmlFor> at its id. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-4 shrink-0 cursor-pointer rounded-sm border-input accent-primary disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
