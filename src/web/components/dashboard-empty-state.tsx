import type { ComponentType, ReactNode } from 'react';
import { cn } from '@web/lib/utils';

type DashboardEmptyStateProps = {
  icon: ComponentType<{ className?: string }>;
  title: string;
  children?: ReactNode;
  className?: string;
};

/** A centred icon, heading and short text for a tab with nothing in it yet. */
export function DashboardEmptyState({ icon: Icon, title, children, className }: DashboardEmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-6 py-12 text-center',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children ? <div className="max-w-md text-sm text-muted-foreground">{children}</div> : null}
    </div>
  );
}
