import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ADDRESS_MAX,
  CarerInvoicingSettings,
  FamilyBillingDetails,
  NAME_MAX,
  type CarerInvoicingSettingsFormValues,
  type CarerInvoicingSettingsView,
  type FamilyBillingDetailsFormValues,
  type FamilyBillingDetailsView,
} from '@contracts/invoicing';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { TextareaField, TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { schemaResolver } from '@web/lib/schema-resolver';
import { usePageTitle } from '@web/lib/use-page-title';
import {
  useCarerInvoicingSettings,
  useFamilyBilling,
  useSaveCarerSettings,
  useSaveFamilyBilling,
} from '../api/invoicing-api';
import { InvoicingNav } from '../components/invoicing-nav';

const CARER_FIELDS = [
  'tradingName',
  'businessAddress',
  'vatNumber',
  'bankAccountName',
  'bankSortCode',
  'bankAccountNumber',
  'mileageRatePence',
] as const;
type CarerFields = Omit<CarerInvoicingSettingsFormValues, 'mileageRatePence'> & { mileageRatePence: string };
const carerResolver = schemaResolver<CarerFields, CarerInvoicingSettings>(CarerInvoicingSettings);

function CarerForm({ saved }: { saved: CarerInvoicingSettingsView }) {
  const id = useId();
  const save = useSaveCarerSettings();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<CarerFields, unknown, CarerInvoicingSettings>({
    resolver: carerResolver,
    defaultValues: { ...saved, mileageRatePence: String(saved.mileageRatePence) },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    setAlert(null);
    try {
      await save.mutateAsync(body);
      toast({ title: 'Saved', description: 'Your next invoices carry these details.' });
    } catch (error) {
      const { fieldMessages, alert: message } = serverFormErrors(
        error,
        CARER_FIELDS,
        'We could not save your details.',
      );
      applyFieldMessages(form.setError, CARER_FIELDS, fieldMessages);
      setAlert(message);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
      {alert ? (
        <Alert variant="destructive" role="alert">
          <p>{alert}</p>
        </Alert>
      ) : null}
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-xl font-semibold">On your invoices</legend>
        <TextField
          id={`${id}-trading`}
          label="Name or trading name (optional)"
          hint="Your own name is used when this is empty."
          maxLength={NAME_MAX}
          error={errors.tradingName?.message}
          {...form.register('tradingName')}
        />
        <TextareaField
          id={`${id}-address`}
          label="Business address (optional)"
          rows={3}
          maxLength={ADDRESS_MAX}
          hint="Printed on every invoice. We never use your home address unless you enter it here."
          error={errors.businessAddress?.message}
          {...form.register('businessAddress')}
        />
        <TextField
          id={`${id}-vat`}
          label="VAT number (optional)"
          hint="Invoices say “Not VAT registered” when this is empty."
          error={errors.vatNumber?.message}
          {...form.register('vatNumber')}
        />
        <TextField
          id={`${id}-mileage`}
          label="Mileage rate, pence a mile"
          inputMode="numeric"
          error={errors.mileageRatePence?.message}
          {...form.register('mileageRatePence')}
        />
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-xl font-semibold">Bank details</legend>
        <p className="text-sm text-muted-foreground">
          Shown only to the families you invoice (the account holder and whoever they let arrange care), while
          an invoice is waiting to be paid. Never printed on the PDF.
        </p>
        <TextField
          id={`${id}-account-name`}
          label="Account name"
          autoComplete="off"
          error={errors.bankAccountName?.message}
          {...form.register('bankAccountName')}
        />
        <TextField
          id={`${id}-sort-code`}
          label="Sort code"
          inputMode="numeric"
          autoComplete="off"
          error={errors.bankSortCode?.message}
          {...form.register('bankSortCode')}
        />
        <TextField
          id={`${id}-account-number`}
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          error={errors.bankAccountNumber?.message}
          {...form.register('bankAccountNumber')}
        />
      </fieldset>
      <Button type="submit" className="w-full sm:w-fit" aria-disabled={save.isPending || undefined}>
        {save.isPending ? <Spinner /> : null}
        {save.isPending ? 'Saving...' : 'Save invoicing details'}
      </Button>
    </form>
  );
}

const familyResolver = schemaResolver<FamilyBillingDetailsFormValues, FamilyBillingDetails>(
  FamilyBillingDetails,
);

function FamilyForm({ saved }: { saved: FamilyBillingDetailsView }) {
  const id = useId();
  const save = useSaveFamilyBilling();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<FamilyBillingDetailsFormValues, unknown, FamilyBillingDetails>({
    resolver: familyResolver,
    defaultValues: saved,
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    setAlert(null);
    try {
      await save.mutateAsync(body);
      toast({ title: 'Saved', description: 'Carers’ next invoices to you carry these details.' });
    } catch (error) {
      const fields = ['billingName', 'billingAddress'] as const;
      const { fieldMessages, alert: message } = serverFormErrors(
        error,
        fields,
        'We could not save your details.',
      );
      applyFieldMessages(form.setError, fields, fieldMessages);
      setAlert(message);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      {alert ? (
        <Alert variant="destructive" role="alert">
          <p>{alert}</p>
        </Alert>
      ) : null}
      <TextField
        id={`${id}-name`}
        label="Billing name (optional)"
        hint="For example the person cared for, or how your council’s direct payments team knows you. Your own name is used when this is empty."
        maxLength={NAME_MAX}
        error={errors.billingName?.message}
        {...form.register('billingName')}
      />
      <TextareaField
        id={`${id}-address`}
        label="Billing address (optional)"
        rows={3}
        maxLength={ADDRESS_MAX}
        error={errors.billingAddress?.message}
        {...form.register('billingAddress')}
      />
      <Button type="submit" className="w-full sm:w-fit" aria-disabled={save.isPending || undefined}>
        {save.isPending ? <Spinner /> : null}
        {save.isPending ? 'Saving...' : 'Save billing details'}
      </Button>
    </form>
  );
}

/** /invoicing: a carer's invoicing and bank details, or a family's billing name and address. */
export function InvoicingPage() {
  usePageTitle('Invoicing details');
  const { user } = useAuth();
  const isCarer = user?.role === 'carer';
  const carer = useCarerInvoicingSettings(isCarer);
  const family = useFamilyBilling(user?.role === 'customer');
  const query = isCarer ? carer : family;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Invoicing details</h1>
      <p className="mt-2 text-muted-foreground">
        {isCarer
          ? 'What your invoices to families say, and where they pay you. Invoices already sent keep the details they were sent with.'
          : 'The name and address carers’ invoices to you carry. Invoices already sent keep the details they were sent with.'}
      </p>
      <div className="mt-4">
        <InvoicingNav />
      </div>
      <div className="mt-6">
        {query.isPending ? (
          <PageSpinner />
        ) : query.isError ? (
          <Alert variant="destructive" role="alert">
            <p>{errorMessage(query.error, 'We could not load your details.')}</p>
          </Alert>
        ) : isCarer && carer.data ? (
          <CarerForm saved={carer.data} />
        ) : family.data ? (
          <FamilyForm saved={family.data} />
        ) : null}
      </div>
    </div>
  );
}
