import { useId, useState, type FormEvent } from 'react';
import { CalendarClock, ShieldAlert } from 'lucide-react';
import {
  COMPLIANCE_MESSAGES,
  DUE_CHECK_LABELS,
  INSURANCE_KINDS,
  INSURANCE_LABELS,
  InsuranceInput,
  formatCheckDate,
} from '@contracts/verification-compliance';
import { DOCUMENT_TYPES, VERIFICATION_MESSAGES, DOCUMENT_MAX_BYTES } from '@contracts/verification';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { FieldError } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@web/lib/api-client';
import { useAddInsurance, useMyCompliance } from '../api/compliance';
import { ReviewStatusBadge } from './review-status-badge';

const FIELDS = ['kind', 'insurer', 'policyNumber', 'coverPounds', 'expiresOn', 'document'] as const;
type Field = (typeof FIELDS)[number];
const fieldId = (field: Field) => `insurance-${field}`;

/** The insurance form: checked with the server's own schema, sent as multipart with the scan. */
function InsuranceForm({ onDone }: { onDone: () => void }) {
  const add = useAddInsurance();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [document, setDocument] = useState<File | undefined>();
  const alertId = useId();
  const [alert, setAlert] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget).entries());
    delete data.document;
    const parsed = InsuranceInput.safeParse(data);
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as Field] ??= issue.message;
    }
    if (!document) found.document = COMPLIANCE_MESSAGES.documentRequired;
    else if (document.size > DOCUMENT_MAX_BYTES) found.document = VERIFICATION_MESSAGES.documentTooLarge;
    else if (!(DOCUMENT_TYPES as readonly string[]).includes(document.type))
      found.document = VERIFICATION_MESSAGES.documentType;
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first || !parsed.success || !document) {
      if (first) window.document.getElementById(fieldId(first))?.focus();
      return;
    }
    try {
      await add.mutateAsync({ input: parsed.data, document });
      toast({ title: COMPLIANCE_MESSAGES.submittedToast });
      onDone();
    } catch (error) {
      const server = fieldErrors(error) as Partial<Record<Field, string>>;
      setErrors(server);
      const firstServer = FIELDS.find((field) => server[field]);
      if (firstServer) window.document.getElementById(fieldId(firstServer))?.focus();
      else setAlert(errorMessage(error, VERIFICATION_MESSAGES.submitFailedFallback));
    }
  };

  const props = (field: Field) => ({
    id: fieldId(field),
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${fieldId(field)}-error` : undefined,
  });
  const error = (field: Field) =>
    errors[field] ? <FieldError id={`${fieldId(field)}-error`}>{errors[field]}</FieldError> : null;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      aria-describedby={alert ? alertId : undefined}
    >
      {alert ? (
        <Alert variant="destructive" id={alertId}>
          <ShieldAlert aria-hidden="true" />
          <p>{alert}</p>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={fieldId('kind')}>Kind of insurance</Label>
          <Select {...props('kind')} defaultValue="public_liability">
            {INSURANCE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {INSURANCE_LABELS[kind]}
              </option>
            ))}
          </Select>
          {error('kind')}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={fieldId('insurer')}>Insurer</Label>
          <Input autoComplete="off" maxLength={120} {...props('insurer')} />
          {error('insurer')}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={fieldId('policyNumber')}>Policy number</Label>
          <Input autoComplete="off" maxLength={60} {...props('policyNumber')} />
          {error('policyNumber')}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={fieldId('coverPounds')}>Cover amount (£)</Label>
          <Input inputMode="numeric" autoComplete="off" maxLength={14} {...props('coverPounds')} />
          {error('coverPounds')}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={fieldId('expiresOn')}>Policy ends on</Label>
          <Input type="date" {...props('expiresOn')} />
          {error('expiresOn')}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={fieldId('document')}>Insurance certificate or schedule</Label>
          <Input
            type="file"
            accept={DOCUMENT_TYPES.join(',')}
            className="h-auto cursor-pointer py-1.5 file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium"
            {...props('document')}
            onChange={(event) => setDocument(event.target.files?.[0])}
          />
          {error('document')}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Sending...' : 'Send insurance for review'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The carer's insurance and what falls due next, on the dashboard's Profile tab (decision 0028). */
export function ComplianceCard() {
  const compliance = useMyCompliance();
  const [formOpen, setFormOpen] = useState(false);
  const data = compliance.data;

  return (
    <section aria-labelledby="compliance-heading">
      <Card>
        <CardHeader>
          <CardTitle asChild className="text-lg">
            <h2 id="compliance-heading">Insurance and renewals</h2>
          </CardTitle>
          <CardDescription>
            Public liability insurance is needed to stay in search. We remind you 30 and 7 days before
            anything runs out.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {data && data.insurance.length > 0 ? (
            <ul className="grid gap-3" aria-label="Your insurance">
              {data.insurance.map((insurance) => (
                <li key={insurance.id} className="grid gap-1 rounded-md border border-border p-3 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium">{INSURANCE_LABELS[insurance.kind]}</span>
                    <ReviewStatusBadge status={insurance.status} />
                  </div>
                  <span>
                    {insurance.insurer} · policy {insurance.policyNumber} · £
                    {insurance.coverPounds.toLocaleString('en-GB')} cover · ends{' '}
                    {formatCheckDate(insurance.expiresOn)}
                  </span>
                  {insurance.status === 'rejected' && insurance.rejectionReason ? (
                    <span className="text-destructive">The reviewer said: {insurance.rejectionReason}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {data && data.due.length > 0 ? (
            <div className="grid gap-2">
              <h3 className="text-sm font-semibold">{COMPLIANCE_MESSAGES.dueSoonTitle}</h3>
              <ul className="grid gap-1 text-sm">
                {data.due.map((item) => (
                  <li key={`${item.check}-${item.dueOn}`} className="flex items-start gap-2">
                    <CalendarClock
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                    />
                    <span>
                      {DUE_CHECK_LABELS[item.check]}: due {formatCheckDate(item.dueOn)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {formOpen ? (
            <InsuranceForm onDone={() => setFormOpen(false)} />
          ) : (
            <div>
              <Button onClick={() => setFormOpen(true)} disabled={!compliance.isSuccess}>
                Add insurance
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
