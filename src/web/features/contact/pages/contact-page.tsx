import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Mail, Phone, Siren } from 'lucide-react';
import { CONTACT_MESSAGES, ContactEnquiryInput } from '@contracts/contact';
import { CONTACT_MESSAGE_MAX_LENGTH } from '@contracts/limits';
import { BUSINESS_HOURS, SITE_CONTACT } from '@contracts/site';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { FieldError, TextField } from '@web/components/ui/text-field';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { useAuth } from '@web/lib/auth';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { usePageTitle } from '@web/lib/use-page-title';
import { useSendEnquiry } from '../api/send-enquiry';

const CONTACT_FIELDS = ContactEnquiryInput.keyof().options;
const contactErrors = (error: unknown) =>
  serverFormErrors(error, CONTACT_FIELDS, CONTACT_MESSAGES.failedDescription);

export function ContactPage() {
  usePageTitle(
    'Contact Us',
    'Contact the CareMatch team by phone, email or our message form. We reply within 24 hours; our lines are open Monday to Saturday.',
  );
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact Us</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Questions about finding a carer, joining as a carer or your account? Our UK-based team is here to
          help.
        </p>
      </header>
      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid content-start gap-6">
          <ContactDetails />
          <BusinessHours />
          <UrgentCare />
        </div>
        <EnquiryForm />
      </div>
    </div>
  );
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3 pb-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
          {icon}
        </span>
        <CardTitle asChild className="text-xl">
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">{children}</CardContent>
    </Card>
  );
}

function ContactDetails() {
  return (
    <InfoCard icon={<Phone aria-hidden="true" className="size-5" />} title="Get in Touch">
      <p>
        <span className="font-medium">Phone: </span>
        <a href={SITE_CONTACT.phoneHref} className="text-primary underline underline-offset-4">
          {SITE_CONTACT.phoneDisplay}
        </a>
      </p>
      <p>
        <span className="font-medium">Email: </span>
        <a href={`mailto:${SITE_CONTACT.email}`} className="text-primary underline underline-offset-4">
          {SITE_CONTACT.email}
        </a>
      </p>
      <p className="flex items-center gap-2 text-muted-foreground">
        <Mail aria-hidden="true" className="size-4 shrink-0" />
        {SITE_CONTACT.responseTime}
      </p>
    </InfoCard>
  );
}

function BusinessHours() {
  return (
    <InfoCard icon={<Clock aria-hidden="true" className="size-5" />} title="Business Hours">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        {BUSINESS_HOURS.map(({ days, hours }) => (
          <div key={days} className="contents">
            <dt className="font-medium">{days}</dt>
            <dd className="text-right text-muted-foreground">{hours}</dd>
          </div>
        ))}
      </dl>
    </InfoCard>
  );
}

function UrgentCare() {
  return (
    <InfoCard icon={<Siren aria-hidden="true" className="size-5" />} title="Urgent Care Needs">
      <p>
        If an arranged carer cannot attend and you need help finding cover today, call our urgent care line,
        open every day from 7am to 10pm:
      </p>
      <p>
        <a
          href={SITE_CONTACT.urgentLineHref}
          className="text-lg font-semibold text-primary underline underline-offset-4"
        >
          {SITE_CONTACT.urgentLineDisplay}
        </a>
      </p>
      <p className="font-medium">
        In a medical emergency, or if someone is in danger, call 999. For urgent medical advice, call NHS 111.
      </p>
    </InfoCard>
  );
}

function EnquiryForm() {
  const { user } = useAuth();
  const sendEnquiry = useSendEnquiry();
  const form = useForm({
    resolver: zodResolver(ContactEnquiryInput),
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      phone: '',
      subject: '',
      message: '',
    },
  });
  const { errors } = form.formState;
  const messageLength = useWatch({ control: form.control, name: 'message' }).length;
  /** The last enquiry's reference, kept on the page (a toast goes away). */
  const [sentReference, setSentReference] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    sendEnquiry.mutate(values, {
      onSuccess: (receipt) => {
        toast({ title: CONTACT_MESSAGES.sentTitle, description: CONTACT_MESSAGES.sentDescription });
        setSentReference(receipt.reference);
        // Keep who is writing; clear what they wrote.
        form.reset({ ...form.getValues(), phone: '', subject: '', message: '' });
      },
      onError: (error) => {
        const { fieldMessages, alert } = contactErrors(error);
        applyFieldMessages(form.setError, CONTACT_FIELDS, fieldMessages);
        if (alert) {
          toast({ variant: 'destructive', title: CONTACT_MESSAGES.failedTitle, description: alert });
        }
      },
    });
  });

  const serverAlert = sendEnquiry.isError ? contactErrors(sendEnquiry.error).alert : null;
  const messageHintId = 'contact-message-hint';
  const messageErrorId = errors.message ? 'contact-message-error' : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Send Us a Message</h2>
        </CardTitle>
        <CardDescription>
          Fields marked optional can be left blank. Everything else is needed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Send Us a Message">
          {sentReference ? (
            <Alert role="status">{CONTACT_MESSAGES.sentReference(sentReference)}</Alert>
          ) : null}
          {serverAlert ? (
            <Alert variant="destructive" role="alert">
              {serverAlert}
            </Alert>
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              id="contact-firstName"
              label="First name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextField
              id="contact-lastName"
              label="Last name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </div>
          <TextField
            id="contact-email"
            label="Email"
            type="email"
            autoComplete="email"
            spellCheck={false}
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            id="contact-phone"
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            hint="A UK number, if you would like us to call you back."
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextField
            id="contact-subject"
            label="Subject"
            error={errors.subject?.message}
            {...form.register('subject')}
          />
          <div className="grid gap-2">
            <Label htmlFor="contact-message">Message</Label>
            <p id={messageHintId} className="text-sm text-muted-foreground">
              Between 10 and {CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.{' '}
              {/* Not a live region: announcing every keystroke would drown out the typing. */}
              <span>
                {messageLength.toLocaleString('en-GB')} / {CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-GB')}
              </span>
            </p>
            <Textarea
              id="contact-message"
              rows={6}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={[messageHintId, messageErrorId].filter(Boolean).join(' ')}
              {...form.register('message')}
            />
            {errors.message?.message && messageErrorId ? (
              <FieldError id={messageErrorId}>{errors.message.message}</FieldError>
            ) : null}
          </div>
          <Button type="submit" size="lg" disabled={sendEnquiry.isPending} className="sm:justify-self-start">
            {sendEnquiry.isPending ? (
              <>
                <Spinner />
                Sending...
              </>
            ) : (
              'Send Message'
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
