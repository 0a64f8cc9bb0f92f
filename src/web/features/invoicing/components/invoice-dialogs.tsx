import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banknote, FileMinus } from 'lucide-react';
import {
  CreditNoteInput,
  MarkPaidInput,
  PAID_REFERENCE_MAX,
  QUERY_REASON_MAX,
  type CreditNoteFormValues,
  type Invoice,
  type MarkPaidFormValues,
} from '@contracts/invoicing';
import { DialogButtons, FormDialog } from '@web/components/form-dialog';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TextareaField, TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { schemaResolver } from '@web/lib/schema-resolver';
import { useCreditNote, useMarkPaid } from '../api/invoicing-api';
import { formatPence } from './format';

const creditResolver = schemaResolver<CreditNoteFormValues, CreditNoteInput>(CreditNoteInput);

/** The carer corrects a sent invoice with a credit note (an invoice is never edited). */
export function CreditNoteDialog({ invoice }: { invoice: Invoice }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const credit = useCreditNote(invoice.id);
  const left = invoice.totalPence - invoice.creditedPence;
  const form = useForm<CreditNoteFormValues, unknown, CreditNoteInput>({
    resolver: creditResolver,
    defaultValues: { amount: '', reason: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    setAlert(null);
    try {
      const note = await credit.mutateAsync(body);
      setOpen(false);
      form.reset();
      toast({ title: 'Credit note issued', description: `${note.reference} was sent to the family.` });
    } catch (error) {
      const { fieldMessages, alert: message } = serverFormErrors(
        error,
        ['amount', 'reason'] as const,
        'We could not issue the credit note.',
        'amount',
      );
      applyFieldMessages(form.setError, ['amount', 'reason'], fieldMessages);
      setAlert(message);
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" className="w-full sm:w-fit">
          <FileMinus aria-hidden="true" />
          Issue a credit note
        </Button>
      }
      title={`Credit note against ${invoice.reference}`}
      description={`Up to ${formatPence(left)}. The family is emailed; the invoice itself stays as it was sent.`}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        {alert ? (
          <Alert variant="destructive" role="alert">
            <p>{alert}</p>
          </Alert>
        ) : null}
        <TextField
          id={`${id}-amount`}
          label="Amount (£)"
          inputMode="decimal"
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <TextareaField
          id={`${id}-reason`}
          label="Reason"
          rows={3}
          maxLength={QUERY_REASON_MAX}
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <DialogButtons submitLabel="Issue credit note" pendingLabel="Issuing..." pending={credit.isPending} />
      </form>
    </FormDialog>
  );
}

const paidResolver = schemaResolver<MarkPaidFormValues, MarkPaidInput>(MarkPaidInput);

/** The family says it paid by bank transfer; the carer then confirms the money arrived. */
export function MarkPaidDialog({ invoice }: { invoice: Invoice }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const mark = useMarkPaid(invoice.id);
  const form = useForm<MarkPaidFormValues, unknown, MarkPaidInput>({
    resolver: paidResolver,
    defaultValues: { reference: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    setAlert(null);
    try {
      await mark.mutateAsync(body);
      setOpen(false);
      toast({ title: 'Marked as paid', description: 'The carer is asked to confirm the payment arrived.' });
    } catch (error) {
      const { fieldMessages, alert: message } = serverFormErrors(
        error,
        ['reference'] as const,
        'We could not mark it paid.',
      );
      applyFieldMessages(form.setError, ['reference'], fieldMessages);
      setAlert(message);
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button className="w-full sm:w-fit">
          <Banknote aria-hidden="true" />I paid by bank transfer
        </Button>
      }
      title={`Mark ${invoice.reference} paid`}
      description={`You paid ${formatPence(invoice.amountDuePence)} to the carer's bank account. They will confirm when it arrives.`}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        {alert ? (
          <Alert variant="destructive" role="alert">
            <p>{alert}</p>
          </Alert>
        ) : null}
        <TextField
          id={`${id}-reference`}
          label="Payment reference (optional)"
          maxLength={PAID_REFERENCE_MAX}
          error={errors.reference?.message}
          {...form.register('reference')}
        />
        <DialogButtons submitLabel="Mark as paid" pendingLabel="Saving..." pending={mark.isPending} />
      </form>
    </FormDialog>
  );
}
