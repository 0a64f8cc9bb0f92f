import { useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ArrowLeft, Info } from 'lucide-react';
import { CarerSignupForm } from '@contracts/carers';
import { POSTCODE_MESSAGES } from '@contracts/postcodes';
import { LISTING_MESSAGES } from '@contracts/verification';
import { paths, registerPath } from '@contracts/paths';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { FieldError } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors, ApiError } from '@web/lib/api-client';
import { schemaResolver } from '@web/lib/schema-resolver';
import { useAuth } from '@web/lib/auth';
import { usePageTitle } from '@web/lib/use-page-title';
import { useCreateProfile } from '../api/create-profile';
import { useMyProfile } from '../api/my-profile';
import {
  applyProfileMessages,
  EMPTY_PROFILE_VALUES,
  type CarerFormValues,
  focusFirstError,
  PROFILE_FOCUS_ORDER,
  PROFILE_FORM_CLASS,
  ProfileFormFields,
} from '../components/profile-form-fields';
import { clearSignupDraft, readSignupDraft, saveSignupDraft } from '../components/signup-draft';
import { SignupMembershipCard, SignupWhyJoin } from '../components/signup-marketing';

const SIGNUP_FIELDS = [...PROFILE_FOCUS_ORDER, 'termsAccepted'] as const;
const CREATE_FAILED = 'Failed to create carer profile. Please try again.';
const TERMS_PATH = '/terms';
// A visitor registers as a carer (not the sign-in page's "Welcome back"), and the confirmed email
// brings them back here, where the draft kept in this browser fills the form again.
const REGISTER_THEN_SIGNUP = registerPath('carer', paths.carerSignup);

export function CarerSignupPage() {
  usePageTitle('Become a Carer');
  const { user } = useAuth();
  const navigate = useNavigate();
  const isCarer = user?.userType === 'carer';
  const myProfile = useMyProfile({ enabled: isCarer });
  const createProfile = useCreateProfile();
  const [initialValues] = useState<DefaultValues<CarerFormValues>>(
    () => readSignupDraft() ?? EMPTY_PROFILE_VALUES,
  );
  const form = useForm<CarerFormValues, unknown, z.output<typeof CarerSignupForm>>({
    resolver: schemaResolver(CarerSignupForm),
    defaultValues: initialValues,
    shouldFocusError: false,
  });
  const termsError = form.formState.errors.termsAccepted?.message;

  // A carer who already has a profile manages it on the dashboard. After creating one here the
  // success handler navigates (with its toast), so only redirect before any attempt.
  if (isCarer && myProfile.isPending) return <PageSpinner label="Checking your carer profile" />;
  if (isCarer && myProfile.data && createProfile.isIdle) {
    return <Navigate to={paths.carerDashboard} replace />;
  }

  const onSubmit = form.handleSubmit(
    (values) => {
      // Product §5: the terms flag is checked here and never sent.
      const { termsAccepted: _accepted, ...profile } = values;
      if (!user) {
        saveSignupDraft(profile);
        void navigate(REGISTER_THEN_SIGNUP);
        return;
      }
      createProfile.mutate(profile, {
        onSuccess: (created) => {
          clearSignupDraft();
          // Not "now live": a profile is listed once its checks are approved (decision 0026).
          const description = LISTING_MESSAGES.createdBody;
          toast({
            title: LISTING_MESSAGES.createdTitle,
            // A postcode the service could not check now is saved all the same: say so.
            description: created.homePostcodeChecked
              ? description
              : `${description} ${POSTCODE_MESSAGES.unchecked}`,
          });
          navigate(paths.carerDashboard);
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: 'Error Creating Profile',
            description: errorMessage(error, CREATE_FAILED),
          });
          applyProfileMessages(form, fieldErrors(error));
          if (error instanceof ApiError && error.status === 409) navigate(paths.carerDashboard);
        },
      });
    },
    (errors) => focusFirstError(form, errors, SIGNUP_FIELDS),
  );

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Button asChild variant="ghost" className="-ml-2 sm:-ml-4">
        <Link to={paths.home}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </Button>

      <header className="mt-4 mb-8 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Become a Carer</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Create your professional profile and connect with families near you who need your care.
        </p>
      </header>

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="grid content-start gap-6">
          <SignupWhyJoin />
          <SignupMembershipCard />
        </div>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle asChild className="text-xl">
              <h2>Create your carer profile</h2>
            </CardTitle>
            <CardDescription>All fields are required.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {user && !isCarer ? (
              <Alert>
                <Info aria-hidden="true" />
                <p>
                  Carer profiles need a carer account. You are signed in with a customer account, so this form
                  cannot create a profile for you. To offer care, register a separate carer account.
                </p>
              </Alert>
            ) : null}
            {!user ? (
              <p className="text-sm text-muted-foreground">
                You will be asked to create a carer account when you submit (or to sign in, if you have one).
                We keep your answers while you do.
              </p>
            ) : null}

            <form noValidate onSubmit={onSubmit} className={PROFILE_FORM_CLASS}>
              <ProfileFormFields form={form} idPrefix="signup" />

              <div className="grid gap-2">
                <div className="flex items-start gap-3">
                  <Checkbox
                    id="signup-termsAccepted"
                    className="mt-0.5"
                    aria-invalid={termsError ? true : undefined}
                    aria-describedby={termsError ? 'signup-termsAccepted-error' : undefined}
                    {...form.register('termsAccepted')}
                  />
                  <Label htmlFor="signup-termsAccepted" className="leading-snug">
                    I agree to the{' '}
                    <Link
                      to={TERMS_PATH}
                      target="_blank"
                      rel="noreferrer"
                      className="text-primary underline underline-offset-4 hover:text-primary-hover"
                    >
                      terms and conditions
                      <span className="sr-only"> (opens in a new tab)</span>
                    </Link>
                  </Label>
                </div>
                {termsError ? <FieldError id="signup-termsAccepted-error">{termsError}</FieldError> : null}
              </div>

              <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={createProfile.isPending}>
                {createProfile.isPending ? (
                  <>
                    <Spinner />
                    Creating Profile...
                  </>
                ) : (
                  'Create My Profile'
                )}
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
