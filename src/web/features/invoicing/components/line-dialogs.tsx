import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Car, Clock, MessageCircleQuestion, Receipt } from 'lucide-react';
import {
  AddedLineInput,
  LineUpdateInput,
  QueryInput,
  QUERY_REASON_MAX,
  type QueryFormValues,
  type Timesheet,
  type TimesheetLine,
} from '@contracts/invoicing';
import { DialogButtons, FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { Alert } from '@web/components/ui/alert';
import { TextareaField, TextField } from '@web/components/ui/text-field';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { schemaResolver } from '@web/lib/schema-resolver';
import { useAddLine, useQueryLine, useUpdateLine } from '../api/invoicing-api';
import { lineTitle } from './timesheet-lines';
import { shortDay } from './format';

interface AddedLineFields {
  kind: 'mileage' | 'expense';
  date: string;
  miles: string;
  ratePence: string;
  amount: string;
  note: string;
}
const addedResolver = schemaResolver<AddedLineFields, AddedLineInput>(AddedLineInput);
const LINE_FIELDS = ['date', 'miles', 'ratePence', 'amount', 'note'] as const;

/** Mileage or an expense, added or changed (the carer, before submitting). */
export function AddedLineDialog({
  timesheet,
  kind,
  line,
  mileageRatePence = 45,
}: {
  timesheet: Timesheet;
  kind: 'mileage' | 'expense';
  /** The line to change; none: a new one. */
  line?: TimesheetLine;
  mileageRatePence?: number;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const add = useAddLine(timesheet.id);
  const update = useUpdateLine();
  const pending = add.isPending || update.isPending;
  const form = useForm<AddedLineFields, unknown, AddedLineInput>({
    resolver: addedResolver,
    defaultValues: {
      kind,
      date: line?.date ?? timesheet.weekStart,
      miles: line?.miles ?? '',
      ratePence: String(line?.ratePence ?? mileageRatePence),
      amount: line ? (line.amountPence / 100).toFixed(2) : '',
      note: line?.note ?? '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    setAlert(null);
    try {
      if (line) await update.mutateAsync({ lineId: line.id, body });
      else await add.mutateAsync(body);
      setOpen(false);
      form.reset();
    } catch (error) {
      const { fieldMessages, alert: message } = serverFormErrors(
        error,
        LINE_FIELDS,
        'We could not save this line.',
      );
      applyFieldMessages(form.setError, LINE_FIELDS, fieldMessages);
      setAlert(message);
    }
  });
  const Icon = kind === 'mileage' ? Car : Receipt;
  const what = kind === 'mileage' ? 'mileage' : 'an expense';
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size={line ? 'sm' : 'default'} className={line ? '' : 'w-full sm:w-fit'}>
          <Icon aria-hidden="true" />
          {line ? 'Change' : `Add ${what}`}
          {line ? <span className="sr-only"> {lineTitle(line)}</span> : null}
        </Button>
      }
      title={line ? `Change ${what}` : `Add ${what}`}
      description={
        kind === 'mileage'
          ? 'Miles driven for the family on a day of this week, at the rate you agreed.'
          : 'Something you paid for the family this week, with what it was for.'
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        {alert ? (
          <Alert variant="destructive" role="alert">
            <p>{alert}</p>
          </Alert>
        ) : null}
        <TextField
          id={`${id}-date`}
          label="Date"
          type="date"
          min={timesheet.weekStart}
          max={timesheet.weekEnd}
          error={errors.date?.message}
          {...form.register('date')}
        />
        {kind === 'mileage' ? (
          <>
            <TextField
              id={`${id}-miles`}
              label="Miles"
              inputMode="decimal"
              hint="Up to one decimal place, like 12.5"
              error={errors.miles?.message}
              {...form.register('miles')}
            />
            <TextField
              id={`${id}-rate`}
              label="Pence a mile"
              inputMode="numeric"
              error={errors.ratePence?.message}
              {...form.register('ratePence')}
            />
          </>
        ) : (
          <TextField
            id={`${id}-amount`}
            label="Amount (£)"
            inputMode="decimal"
            hint="Like 12.50"
            error={errors.amount?.message}
            {...form.register('amount')}
          />
        )}
        <TextareaField
          id={`${id}-note`}
          label={kind === 'mileage' ? 'Note (optional)' : 'What it was for'}
          rows={2}
          error={errors.note?.message}
          {...form.register('note')}
        />
        <DialogButtons submitLabel="Save" pendingLabel="Saving..." pending={pending} />
      </form>
    </FormDialog>
  );
}

interface VisitFields {
  kind: 'visit';
  start: string;
  end: string;
}
const visitResolver = schemaResolver<VisitFields, LineUpdateInput>(LineUpdateInput);

/** The carer corrects a visit's times (a visit taken off comes back on with them). */
export function VisitTimesDialog({ line }: { line: TimesheetLine }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const update = useUpdateLine();
  const form = useForm<VisitFields, unknown, LineUpdateInput>({
    resolver: visitResolver,
    defaultValues: { kind: 'visit', start: line.start ?? '', end: line.end ?? '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    setAlert(null);
    try {
      await update.mutateAsync({ lineId: line.id, body });
      setOpen(false);
    } catch (error) {
      const { fieldMessages, alert: message } = serverFormErrors(
        error,
        ['start', 'end'] as const,
        'We could not save the times.',
      );
      applyFieldMessages(form.setError, ['start', 'end'], fieldMessages);
      setAlert(message);
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm">
          <Clock aria-hidden="true" />
          {line.excluded ? 'Put back' : 'Correct times'}
          <span className="sr-only"> of the visit on {shortDay(line.date)}</span>
        </Button>
      }
      title={`Visit on ${shortDay(line.date)}`}
      description="The times you arrived and left, UK time. An end before the start is the next morning."
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        {alert ? (
          <Alert variant="destructive" role="alert">
            <p>{alert}</p>
          </Alert>
        ) : null}
        <TextField
          id={`${id}-start`}
          label="Arrived"
          type="time"
          error={errors.start?.message}
          {...form.register('start')}
        />
        <TextField
          id={`${id}-end`}
          label="Left"
          type="time"
          error={errors.end?.message}
          {...form.register('end')}
        />
        <DialogButtons submitLabel="Save times" pendingLabel="Saving..." pending={update.isPending} />
      </form>
    </FormDialog>
  );
}

const queryResolver = schemaResolver<QueryFormValues, QueryInput>(QueryInput);

/** The family queries one line with a reason: the timesheet goes back to the carer. */
export function QueryLineDialog({ timesheetId, line }: { timesheetId: string; line: TimesheetLine }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const query = useQueryLine(timesheetId);
  const form = useForm<QueryFormValues, unknown, QueryInput>({
    resolver: queryResolver,
    defaultValues: { lineId: line.id, reason: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    setAlert(null);
    try {
      await query.mutateAsync(body);
      setOpen(false);
    } catch (error) {
      const { fieldMessages, alert: message } = serverFormErrors(
        error,
        ['reason'] as const,
        'We could not send the query.',
      );
      applyFieldMessages(form.setError, ['reason'], fieldMessages);
      setAlert(message);
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm">
          <MessageCircleQuestion aria-hidden="true" />
          Query
          <span className="sr-only">
            {' '}
            {lineTitle(line)} on {shortDay(line.date)}
          </span>
        </Button>
      }
      title="Query this line"
      description={`${shortDay(line.date)}: ${lineTitle(line)}. Say what is not right; the carer corrects it and sends the timesheet again.`}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        {alert ? (
          <Alert variant="destructive" role="alert">
            <p>{alert}</p>
          </Alert>
        ) : null}
        <TextareaField
          id={`${id}-reason`}
          label="Reason"
          rows={3}
          maxLength={QUERY_REASON_MAX}
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <DialogButtons submitLabel="Send query" pendingLabel="Sending..." pending={query.isPending} />
      </form>
    </FormDialog>
  );
}
