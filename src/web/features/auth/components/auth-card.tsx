import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';

type AuthCardProps = {
  title: string;
  description: string;
  /** The server's answer to the last attempt, if it failed. */
  serverError: string | null;
  footer: ReactNode;
  children: ReactNode;
};

/** The frame shared by the sign-in and registration pages. */
export function AuthCard({ title, description, serverError, footer, children }: AuthCardProps) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {/* Always present so screen readers announce a message as soon as it appears. */}
          <div role="alert" aria-atomic="true">
            {serverError ? (
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                <p>{serverError}</p>
              </Alert>
            ) : null}
          </div>
          {children}
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">{footer}</CardFooter>
      </Card>
    </div>
  );
}
