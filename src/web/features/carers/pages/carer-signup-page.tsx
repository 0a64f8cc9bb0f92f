import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ArrowLeft, ArrowRight, Info } from 'lucide-react';
import { CARER_SIGNUP_STEPS, CARER_SIGNUP_TEXTS, CarerSignupForm } from '@contracts/carers';
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
  profileFieldMessages,
} from '../components/profile-form-fields';
import { clearSignupDraft, readSignupDraft, saveSignupDraft } from '../components/signup-draft';
import { SignupProgress, SignupReview } from '../components/signup-steps';
import { SignupMembershipCard, SignupWhyJoin } from '../components/signup-marketing';

const SIGNUP_FIELDS = [...PROFILE_FOCUS_ORDER, 'termsAccepted'] as const;
const LAST_STEP = CARER_SIGNUP_STEPS.length - 1;
type FocusTarget = (typeof SIGNUP_FIELDS)[number] | 'heading';
/** The fields of a step as they take the focus (the week's first box stands for the week). */
const focusOrderOf = (step: number) =>
  SIGNUP_FIELDS.filter((field) =>
    (CARER_SIGNUP_STEPS[step]?.fields as readonly string[] | undefined)?.includes(field.split('.')[0]!),
  );
/** The first step with an error, in the order the steps come. */
const stepOfErrors = (errors: object) =>
  CARER_SIGNUP_STEPS.findIndex((item) => item.fields.some((field) => field in errors));
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
  const [draft] = useState(readSignupDraft);
  // The step shown, and what takes the keyboard when it opens: its heading, or the field a failed
  // submit sends the carer back to. Nothing on the first screen: the page itself has just opened.
  const [at, setAt] = useState<{ step: number; focus: FocusTarget | null }>({
    step: draft?.step ?? 0,
    focus: null,
  });
  const step = at.step;
  const form = useForm<CarerFormValues, unknown, z.output<typeof CarerSignupForm>>({
    resolver: schemaResolver(CarerSignupForm),
    defaultValues: draft?.values ?? EMPTY_PROFILE_VALUES,
    shouldFocusError: false,
  });
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const current = CARER_SIGNUP_STEPS[step] ?? CARER_SIGNUP_STEPS[0];

  // The answers and the step last as long as the tab (a reload opens the same step).
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => saveSignupDraft(step, values),
      }),
    [form, step],
  );

  useEffect(() => {
    if (at.focus === 'heading') stepHeading.current?.focus();
    else if (at.focus) form.setFocus(at.focus);
  }, [form, at]);

  const goTo = (next: number, focus: FocusTarget = 'heading') => {
    saveSignupDraft(next, form.getValues());
    setAt({ step: next, focus });
  };

  const termsError = form.formState.errors.termsAccepted?.message;

  // A carer who already has a profile manages it on the dashboard. After creating one here the
  // success handler navigates (with its toast), so only redirect before any attempt.
  if (isCarer && myProfile.isPending) return <PageSpinner label="Checking your carer profile" />;
  if (isCarer && myProfile.data && createProfile.isIdle) {
    return <Navigate to={paths.carerDashboard} replace />;
  }

  const submitProfile = form.handleSubmit(
    (values) => {
      // Product §5: the terms flag is checked here and never sent.
      const { termsAccepted: _accepted, ...profile } = values;
      if (!user) {
        saveSignupDraft(step, form.getValues());
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
          const messages = fieldErrors(error);
          applyProfileMessages(form, messages);
          // A message about an earlier step's answer opens that step at the field.
          const found = profileFieldMessages(messages);
          const failed = stepOfErrors(found);
          if (failed !== -1 && failed !== step) {
            goTo(
              failed,
              focusOrderOf(failed).find((field) => field.split('.')[0]! in found),
            );
          }
          if (error instanceof ApiError && error.status === 409) navigate(paths.carerDashboard);
        },
      });
    },
    (errors) => {
      const failed = stepOfErrors(errors);
      if (failed === -1 || failed === step) focusFirstError(form, errors, focusOrderOf(step));
      else
        goTo(
          failed,
          focusOrderOf(failed).find((field) => field.split('.')[0]! in errors),
        );
    },
  );

  // Each step is checked by the signup's schema for its own fields before the next is shown.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (step === LAST_STEP) return submitProfile(event);
    event.preventDefault();
    const fields = current.fields.filter((field) => field !== 'termsAccepted');
    if (await form.trigger(fields)) goTo(step + 1);
    else focusFirstError(form, form.formState.errors, focusOrderOf(step));
  };

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
        {/* On a phone the form comes first; why to join follows it. */}
        <div className="order-last grid content-start gap-6 lg:order-none">
          <SignupWhyJoin />
          <SignupMembershipCard />
        </div>

        <Card className="lg:col-span-2">
          <CardHeader className="gap-4">
            <SignupProgress step={step} />
            <CardTitle asChild className="text-xl">
              <h2 ref={stepHeading} tabIndex={-1} className="scroll-mt-28 focus:outline-none">
                {current.title}
              </h2>
            </CardTitle>
            {step === 0 ? <CardDescription>All fields are required.</CardDescription> : null}
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
            {!user && step === LAST_STEP ? (
              <p className="text-sm text-muted-foreground">
                You will be asked to create a carer account when you submit (or to sign in, if you have one).
                We keep your answers while you do.
              </p>
            ) : null}

            <form noValidate onSubmit={(event) => void onSubmit(event)} className={PROFILE_FORM_CLASS}>
              {current.id === 'review' ? (
                <>
                  <SignupReview form={form} goTo={(index) => goTo(index)} />
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
                    {termsError ? (
                      <FieldError id="signup-termsAccepted-error">{termsError}</FieldError>
                    ) : null}
                  </div>
                </>
              ) : (
                <ProfileFormFields form={form} idPrefix="signup" part={current.id} />
              )}

              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                {step > 0 ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="lg"
                    onClick={() => goTo(step - 1)}
                    disabled={createProfile.isPending}
                  >
                    <ArrowLeft aria-hidden="true" />
                    {CARER_SIGNUP_TEXTS.back}
                  </Button>
                ) : (
                  <span className="hidden sm:block" />
                )}
                {step === LAST_STEP ? (
                  <Button type="submit" size="lg" disabled={createProfile.isPending}>
                    {createProfile.isPending ? (
                      <>
                        <Spinner />
                        {CARER_SIGNUP_TEXTS.submitting}
                      </>
                    ) : (
                      CARER_SIGNUP_TEXTS.submit
                    )}
                  </Button>
                ) : (
                  <Button type="submit" size="lg">
                    {CARER_SIGNUP_TEXTS.next}
                    <ArrowRight aria-hidden="true" />
                  </Button>
                )}
              </div>
            </form>
            <p className="text-sm text-muted-foreground">{CARER_SIGNUP_TEXTS.draftKept}</p>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
