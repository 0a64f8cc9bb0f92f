import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';

/** A grey placeholder block; decorative, so hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
