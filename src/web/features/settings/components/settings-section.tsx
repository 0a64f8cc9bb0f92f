import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';

type SettingsSectionProps = {
  id: string;
  title: string;
  description?: ReactNode;
  danger?: boolean;
  children: ReactNode;
};

/** One part of /settings: a landmark named by its heading, drawn as a card. */
export function SettingsSection({ id, title, description, danger = false, children }: SettingsSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} id={id} className="min-w-0 scroll-mt-24">
      <Card className={cn(danger && 'border-destructive')}>
        <CardHeader>
          <CardTitle asChild className={cn('text-xl', danger && 'text-destructive')}>
            {/* Takes the keyboard when the section menu opens it. */}
            <h2 id={headingId} tabIndex={-1} className="focus:outline-none">
              {title}
            </h2>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-5">{children}</CardContent>
      </Card>
    </section>
  );
}

/** The form's own message (one that belongs to no field); always present so it is announced. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert" aria-atomic="true">
      {message ? (
        <p className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
