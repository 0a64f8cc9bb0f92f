import type { ReactNode } from 'react';
import { cn } from '@web/lib/utils';

/** The frame of every admin screen: a width-capped column with the page's one <h1>. */
export function AdminPageLayout({
  title,
  subtitle,
  actions,
  children,
  className,
}: {
  title: string;
  subtitle?: string;
  /** Buttons beside the title ('Add Carer with Photo', say); they wrap under it on a phone. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-7xl px-3 py-8 sm:px-6 sm:py-12 lg:px-8', className)}>
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          {subtitle ? <p className="mt-2 text-lg text-muted-foreground">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** A list's loading line, announced politely. */
export function ListStatus({ children }: { children: string }) {
  return (
    <p role="status" className="py-8 text-center text-muted-foreground">
      {children}
    </p>
  );
}

/** A list's empty state. */
export function EmptyList({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-border px-4 py-12 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </div>
  );
}
