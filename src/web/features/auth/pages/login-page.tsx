import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginInput } from '@contracts/auth';
import { paths, withReturnTo } from '@contracts/paths';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { usePageTitle } from '@web/lib/use-page-title';
import { useAuth } from '@web/lib/auth';
import { returnToIn } from '@web/lib/return-to';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';

const LOGIN_FIELDS = LoginInput.keyof().options;
const LOGIN_FAILED = 'We could not sign you in. Please check your connection and try again.';
const OIDC_FAILED = 'Single sign-on did not work. Please try again, or sign in with your email and password.';
const loginErrors = (error: unknown) => serverFormErrors(error, LOGIN_FIELDS, LOGIN_FAILED);

export function LoginPage() {
  usePageTitle('Sign in');
  const { isAuthenticated } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const form = useForm({
    resolver: zodResolver(LoginInput),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const returnTo = returnToIn(searchParams);

  // Someone already signed in has nothing to do here; after our own sign-in the success handler navigates.
  if (isAuthenticated && loginMutation.isIdle) return <Navigate to={paths.home} replace />;

  const onSubmit = form.handleSubmit((values) => {
    loginMutation.mutate(values, {
      onSuccess: (result) => {
        // With two-factor sign-in on, the code is asked for next (Back returns here); then returnTo.
        if (result.kind === 'twoFactor') void navigate(withReturnTo(paths.twoFactor, returnTo));
        else void navigate(returnTo, { replace: true });
      },
      onError: (error) => applyFieldMessages(form.setError, LOGIN_FIELDS, loginErrors(error).fieldMessages),
    });
  });

  // The server sends people back here with ?error=oidc when single sign-on fails.
  const serverError = loginMutation.isError
    ? loginErrors(loginMutation.error).alert
    : searchParams.get('error') === 'oidc' && loginMutation.isIdle
      ? OIDC_FAILED
      : null;

  return (
    <AuthCard
      title="Sign in"
      description="Welcome back to CareMatch."
      serverError={serverError}
      footer={
        <p>
          New to CareMatch?{' '}
          <Link
            to={withReturnTo(paths.register, returnTo)}
            className="font-medium text-primary underline underline-offset-4"
          >
            Create an account
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <p className="-mt-2 text-sm">
          <Link to={paths.forgotPassword} className="font-medium text-primary underline underline-offset-4">
            Forgot your password?
          </Link>
        </p>
        <Button type="submit" size="lg" disabled={loginMutation.isPending}>
          {loginMutation.isPending ? (
            <>
              <Spinner />
              Signing in...
            </>
          ) : (
            'Sign in'
          )}
        </Button>
      </form>
    </AuthCard>
  );
}
