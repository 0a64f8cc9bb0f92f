import { Skeleton } from '@web/components/ui/skeleton';

/** The dashboard's shape while the profile loads; announced once as "Loading your dashboard". */
export function DashboardSkeleton() {
  return (
    <div role="status" className="grid gap-6">
      <span className="sr-only">Loading your dashboard</span>
      <Skeleton className="h-10 w-full max-w-sm" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-64" />
        <Skeleton className="h-64 lg:col-span-2" />
      </div>
    </div>
  );
}
