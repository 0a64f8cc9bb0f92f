import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@web/lib/utils';

/**
 * A styled native <select>: screen readers, keyboards and phones already know how to use it.
 * Pass <option> children; label it with <Label htmlFor> or aria-label.
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative w-full">
      <select
        className={cn(
          'flex h-10 w-full appearance-none rounded-md border border-input bg-background py-2 pr-10 pl-3 text-base text-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-1 aria-invalid:ring-destructive sm:text-sm',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
