import { useState, type FormEvent } from 'react';
import {
  COMPLIANCE_MESSAGES,
  DBS_STATUS_RESULTS,
  DBS_STATUS_RESULT_LABELS,
  DUE_CHECK_LABELS,
  INSURANCE_LABELS,
  formatCheckDate,
  ukDay,
  type AdminInsurance,
} from '@contracts/verification-compliance';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { FieldError } from '@web/components/ui/text-field';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@web/lib/api-client';
import {
  useAdminInsurance,
  useDecideInsurance,
  useDueChecks,
  useRecordStatusCheck,
} from '../api/admin-compliance';

function InsuranceItem({ insurance }: { insurance: AdminInsurance }) {
  const decide = useDecideInsurance();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reasonId = `insurance-reason-${insurance.id}`;

  const run = async (rejectReason: string | null) => {
    try {
      await decide.mutateAsync({ id: insurance.id, reason: rejectReason });
      toast({
        title: rejectReason === null ? COMPLIANCE_MESSAGES.approvedToast : COMPLIANCE_MESSAGES.rejectedToast,
      });
    } catch (failure) {
      const message = fieldErrors(failure).reason ?? errorMessage(failure, COMPLIANCE_MESSAGES.notPending);
      setError(message);
    }
  };
  const onReject = (event: FormEvent) => {
    event.preventDefault();
    void run(reason);
  };

  return (
    <li>
      <Card
        className="grid gap-2 p-4 text-sm"
        aria-label={`${insurance.carerName}: ${INSURANCE_LABELS[insurance.kind]}`}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-semibold">{insurance.carerName}</span>
          <Badge variant="secondary">{INSURANCE_LABELS[insurance.kind]}</Badge>
        </div>
        <span>
          {insurance.insurer} · policy {insurance.policyNumber} · £
          {insurance.coverPounds.toLocaleString('en-GB')} cover · ends {formatCheckDate(insurance.expiresOn)}
        </span>
        {insurance.documentUrl ? (
          <a className="text-primary underline underline-offset-4" href={insurance.documentUrl}>
            Download the insurance document
          </a>
        ) : null}
        {rejecting ? (
          <form onSubmit={onReject} className="grid gap-2" noValidate>
            <Label htmlFor={reasonId}>Why it is not approved</Label>
            <Textarea
              id={reasonId}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${reasonId}-error` : undefined}
            />
            {error ? <FieldError id={`${reasonId}-error`}>{error}</FieldError> : null}
            <div className="flex gap-2">
              <Button type="submit" variant="destructive" size="sm" disabled={decide.isPending}>
                Reject Insurance
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => setRejecting(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void run(null)} disabled={decide.isPending}>
              Approve Insurance
            </Button>
            <Button size="sm" variant="outline" onClick={() => setRejecting(true)}>
              Reject
            </Button>
            {error ? <FieldError id={`${reasonId}-decision-error`}>{error}</FieldError> : null}
          </div>
        )}
      </Card>
    </li>
  );
}

/** Records a DBS Update Service status check on approved checks (the due queue and the Verifications tab). */
export function StatusCheckForm({ verificationId }: { verificationId: string }) {
  const record = useRecordStatusCheck();
  const [checkedOn, setCheckedOn] = useState(ukDay(new Date()));
  const [result, setResult] = useState<string>('current');
  const [error, setError] = useState<string | undefined>();
  const base = `status-check-${verificationId}`;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await record.mutateAsync({
        verificationId,
        input: { checkedOn, result: result as 'current' | 'changed' },
      });
      toast({ title: COMPLIANCE_MESSAGES.statusCheckRecorded });
    } catch (failure) {
      const errors = fieldErrors(failure);
      setError(
        errors.checkedOn ??
          errors.result ??
          errorMessage(failure, COMPLIANCE_MESSAGES.statusCheckNotApproved),
      );
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <Label htmlFor={`${base}-date`}>Status check on</Label>
        <Input
          id={`${base}-date`}
          type="date"
          value={checkedOn}
          onChange={(event) => setCheckedOn(event.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${base}-result`}>Result</Label>
        <Select id={`${base}-result`} value={result} onChange={(event) => setResult(event.target.value)}>
          {DBS_STATUS_RESULTS.map((value) => (
            <option key={value} value={value}>
              {DBS_STATUS_RESULT_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" size="sm" disabled={record.isPending}>
        Record Status Check
      </Button>
      {error ? <FieldError id={`${base}-error`}>{error}</FieldError> : null}
    </form>
  );
}

/** Insurance to review and the checks falling due in the next 30 days (decision 0028). */
export function ComplianceQueue() {
  const insurance = useAdminInsurance();
  const due = useDueChecks();
  return (
    <div className="grid gap-8">
      <section aria-labelledby="insurance-queue-heading" className="grid gap-3">
        <h2 id="insurance-queue-heading" className="text-lg font-semibold">
          Insurance waiting for review
        </h2>
        {insurance.data && insurance.data.length > 0 ? (
          <ul className="grid gap-3">
            {insurance.data.map((item) => (
              <InsuranceItem key={item.id} insurance={item} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            {insurance.isPending ? 'Loading...' : 'Nothing to review.'}
          </p>
        )}
      </section>
      <section aria-labelledby="due-queue-heading" className="grid gap-3">
        <h2 id="due-queue-heading" className="text-lg font-semibold">
          Checks due in the next 30 days
        </h2>
        {due.data && due.data.length > 0 ? (
          <ul className="grid gap-3">
            {due.data.map((item) => (
              <li key={`${item.carerId}-${item.check}-${item.dueOn}`}>
                <Card className="grid gap-2 p-4 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold">{item.carerName}</span>
                    <span>
                      {DUE_CHECK_LABELS[item.check]}: due {formatCheckDate(item.dueOn)}
                    </span>
                  </div>
                  {item.check === 'dbs_status_check' && item.verificationId ? (
                    <StatusCheckForm verificationId={item.verificationId} />
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            {due.isPending ? 'Loading...' : 'Nothing falls due.'}
          </p>
        )}
      </section>
    </div>
  );
}
