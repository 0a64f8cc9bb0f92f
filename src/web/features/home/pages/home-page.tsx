import type { CurrentUser } from '@contracts/auth';
import { usePageTitle } from '@web/lib/use-page-title';

/** The signed-in home (SPEC "Signed-in home"); placeholder until its issue builds the page. */
export function HomePage({ user }: { user: CurrentUser }) {
  usePageTitle('Home');
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{`Welcome back, ${user.firstName || 'User'}!`}</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        {user.userType === 'carer'
          ? 'Manage your carer profile and connect with families.'
          : 'Find the perfect care for your family.'}
      </p>
    </div>
  );
}
