import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { ADMIN_TEXT, ADMIN_TOASTS, AdminLoginInput } from '@contracts/admin';
import { paths } from '@contracts/paths';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { useAdminLogin, useAdminLoginHint } from '../api/admin-login';

/** Demo mode only (product.md, difference 2): the server tells the page the seeded admin's credentials. */
function DemoCredentialsHint() {
  const hint = useAdminLoginHint();
  if (!hint.data) return null;
  return (
    <Alert>
      <Info aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-medium">Demo mode credentials</p>
        <p className="break-all">
          Username: <span className="font-mono">{hint.data.username}</span>
        </p>
        <p className="break-all">
          Password: <span className="font-mono">{hint.data.password}</span>
        </p>
      </div>
    </Alert>
  );
}

/**
 * /admin-login (product §2): username (the admin's email) and password, checked by the server,
 * which signs in an account with the admin role. No browser flag is set (product.md, difference 2).
 */
export function AdminLoginPage() {
  usePageTitle('Admin Login');
  const navigate = useNavigate();
  const login = useAdminLogin();
  const form = useForm<AdminLoginInput>({
    resolver: zodResolver(AdminLoginInput),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => {
    if (login.isPending) return;
    login.mutate(input, {
      onSuccess: (result) => {
        if (result.kind === 'twoFactor') {
          // The password was right; the code (or, in production, enrolling) comes next.
          void navigate(`${paths.twoFactor}?returnTo=${paths.adminDashboard}`);
          return;
        }
        toast({ title: ADMIN_TOASTS.loginSuccessTitle, description: ADMIN_TOASTS.loginSuccessBody });
        void navigate(paths.adminManagement);
      },
      onError: (error) => {
        // A refused sign-in says only the spec's words; a limit or an outage gives the server's reason.
        const status = error instanceof ApiError ? error.status : undefined;
        toast({
          variant: 'destructive',
          title: ADMIN_TOASTS.loginFailedTitle,
          description:
            status === 401 || status === 400
              ? ADMIN_TOASTS.loginFailedBody
              : errorMessage(error, ADMIN_TOASTS.loginFailedBody),
        });
        form.resetField('password');
        form.setFocus('password');
      },
    });
  });

  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-3 py-10 sm:px-4 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1>Admin Login</h1>
          </CardTitle>
          <CardDescription>Sign in with an administrator account.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <form noValidate onSubmit={onSubmit} className="grid gap-5">
            <TextField
              id="admin-username"
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.username?.message}
              {...form.register('username')}
            />
            <TextField
              id="admin-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <Button type="submit" size="lg" aria-disabled={login.isPending || undefined}>
              {login.isPending ? (
                <>
                  <Spinner />
                  {ADMIN_TEXT.loggingIn}
                </>
              ) : (
                ADMIN_TEXT.loginButton
              )}
            </Button>
          </form>
          <DemoCredentialsHint />
        </CardContent>
      </Card>
    </div>
  );
}
