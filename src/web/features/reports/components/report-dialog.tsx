import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_MESSAGES,
  REPORT_REASONS,
  ReportInput,
  type ReportReceipt,
} from '@contracts/reports';
import { DialogButtons, FormDialog } from '@web/components/form-dialog';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import type { endpoints } from '@contracts/endpoints';
import { api, errorMessage, fieldErrors } from '@web/lib/api-client';
import { useSendOnceMutation } from '@web/lib/use-send-once';

type ReportErrors = { reason?: string; details?: string };

/** The first message per field of a failed check, from the browser's zod parse or the server's 400. */
function firstErrors(issues: { path: PropertyKey[]; message: string }[]): ReportErrors {
  const errors: ReportErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === 'reason' || field === 'details') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Reports a conversation, a review or a carer to the admins' queue: a reason from the list and
 * free text, checked with the server's own schema. `url` is the subject's report call.
 */
export function ReportDialog({
  endpoint,
  subjectId,
  title,
  description,
  trigger,
}: {
  /** What is reported: a conversation, a review or a carer. */
  endpoint:
    | typeof endpoints.reports.postConversationsByIdReport
    | typeof endpoints.reports.postReviewsByIdReport
    | typeof endpoints.reports.postCarersByIdReport;
  /** The conversation's, review's or carer's id. */
  subjectId: string;
  title: string;
  description: string;
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<ReportErrors>({});
  const id = useId();
  const send = useSendOnceMutation({
    mutationFn: async (input: ReportInput): Promise<ReportReceipt> => {
      return api(endpoint, { params: { id: subjectId }, body: input });
    },
  });

  function reset() {
    setReason('');
    setDetails('');
    setErrors({});
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = ReportInput.safeParse({ reason, details });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: REPORT_MESSAGES.sentTitle, description: REPORT_MESSAGES.sentDescription });
        reset();
        setOpen(false);
      },
      onError: (error) => {
        const perField = fieldErrors(error);
        setErrors({ reason: perField.reason, details: perField.details });
        toast({
          title: REPORT_MESSAGES.failedTitle,
          description: errorMessage(error, REPORT_MESSAGES.failedFallback),
          variant: 'destructive',
        });
      },
    });
  }

  const reasonError = errors.reason ? `${id}-reason-error` : undefined;
  const detailsError = errors.details ? `${id}-details-error` : undefined;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setErrors({});
      }}
      trigger={trigger}
      title={title}
      description={description}
    >
      <form onSubmit={handleSubmit} className="mt-4 grid gap-4" noValidate>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <Select
            id={`${id}-reason`}
            name="reason"
            value={reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={reasonError}
            onChange={(event) => setReason(event.target.value)}
          >
            <option value="">Choose a reason</option>
            {REPORT_REASONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
          {errors.reason ? (
            <p id={reasonError} className="text-sm font-medium text-destructive">
              {errors.reason}
            </p>
          ) : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-details`}>Details</Label>
          <p id={`${id}-details-hint`} className="text-sm text-muted-foreground">
            {`What happened? Needed when you choose ‘Something else’. Up to ${REPORT_DETAILS_MAX_LENGTH.toLocaleString('en-GB')} characters.`}
          </p>
          <Textarea
            id={`${id}-details`}
            name="details"
            rows={4}
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            value={details}
            aria-invalid={errors.details ? true : undefined}
            aria-describedby={[`${id}-details-hint`, detailsError].filter(Boolean).join(' ')}
            onChange={(event) => setDetails(event.target.value)}
          />
          {errors.details ? (
            <p id={detailsError} className="text-sm font-medium text-destructive">
              {errors.details}
            </p>
          ) : null}
        </div>
        <DialogButtons submitLabel="Send Report" pendingLabel="Sending..." pending={send.isPending} />
      </form>
    </FormDialog>
  );
}
