import type { ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';

export function QueueLoading({ label }: { label: string }) {
  return (
    <div className="grid gap-4">
      <p role="status" className="sr-only">
        {label}
      </p>
      <Skeleton className="h-40" />
      <Skeleton className="h-40" />
    </div>
  );
}

export function QueueError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive" role="alert" className="flex-col sm:flex-row sm:items-center">
      <p className="flex-1">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </Alert>
  );
}

export function QueueEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
      {children}
    </p>
  );
}

/** A label and value inside a <dl>. */
export function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'grid min-w-0 gap-1 sm:col-span-2' : 'grid min-w-0 gap-1'}>
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
