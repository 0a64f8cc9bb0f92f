import { LoaderCircle } from 'lucide-react';
import { cn } from '@web/lib/utils';

/** A decorative spinning icon, for use inside buttons beside a text such as "Signing in...". */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
}

/** A centred spinner announced to screen readers as "Loading". */
export function PageSpinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className={cn('flex min-h-[50vh] items-center justify-center', className)}
    >
      <Spinner className="size-10 text-primary" />
    </div>
  );
}
