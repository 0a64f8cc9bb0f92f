import { useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { ADMIN_LIST_MESSAGES } from '@contracts/admin';
import { AUDIT_ENTITY_TYPES, type AuditEntityType, type AuditEntry } from '@contracts/audit';
import { AUDIT_ACTIONS, AUDIT_ACTION_WORDS } from '@contracts/audit-words';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { FieldError } from '@web/components/ui/text-field';
import { errorMessage } from '@web/lib/api-client';
import { EMPTY_AUDIT_FILTERS, useAuditLog, type AuditLogFilters } from '../api/audit-log';
import { AdminListFooter, AdminListSearch, QueueEmpty, QueueError, QueueLoading } from '@web/features/admin';
import { formatDateTimeGB } from './audit-format';

const ENTITY_LABELS: Record<AuditEntityType, string> = {
  user: 'Account',
  carer: 'Carer profile',
  subscription: 'Subscription',
  verification: 'Verification',
  report: 'Report',
};

function entityLabel(type: string): string {
  return (ENTITY_LABELS as Record<string, string>)[type] ?? type;
}

/** Each changed field as a sentence, worded by the server. */
function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return <span className="text-muted-foreground">No field changes</span>;
  return (
    <ul className="grid gap-1">
      {entry.changes.map((change) => (
        <li key={change.field}>{change.text}</li>
      ))}
    </ul>
  );
}

function Filters({ onApply }: { onApply: (filters: AuditLogFilters) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<AuditLogFilters>(EMPTY_AUDIT_FILTERS);
  const [dateError, setDateError] = useState<string | null>(null);
  const set = (key: keyof AuditLogFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setDateError('The “to” date must be on or after the “from” date.');
      document.getElementById(`${id}-to`)?.focus();
      return;
    }
    setDateError(null);
    onApply(draft);
  };
  const clear = () => {
    setDraft(EMPTY_AUDIT_FILTERS);
    setDateError(null);
    onApply(EMPTY_AUDIT_FILTERS);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Filter the audit log"
      className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-5"
    >
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-type`}>Record type</Label>
        <Select
          id={`${id}-type`}
          value={draft.entityType}
          onChange={(event) => set('entityType')(event.target.value)}
        >
          <option value="">All types</option>
          {AUDIT_ENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {ENTITY_LABELS[type]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-action`}>Action</Label>
        <Select
          id={`${id}-action`}
          value={draft.action}
          onChange={(event) => set('action')(event.target.value)}
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_WORDS[action]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-entity`}>Record id</Label>
        <Input
          id={`${id}-entity`}
          value={draft.entityId}
          maxLength={64}
          autoComplete="off"
          onChange={(event) => set('entityId')(event.target.value)}
        />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={draft.from}
          onChange={(event) => set('from')(event.target.value)}
        />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={draft.to}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? `${id}-to-error` : undefined}
          onChange={(event) => set('to')(event.target.value)}
        />
        {dateError ? <FieldError id={`${id}-to-error`}>{dateError}</FieldError> : null}
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row lg:col-span-5">
        <Button type="submit">
          <Search aria-hidden="true" />
          Apply Filters
        </Button>
        <Button type="button" variant="outline" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}

/** Admin dashboard tab: every admin change, newest first, with filters (decision 0008). */
export function AuditLogList() {
  const [filters, setFilters] = useState<AuditLogFilters>(EMPTY_AUDIT_FILTERS);
  const log = useAuditLog(filters);
  const entries = log.items;

  return (
    // contain: inline-size — the wide table never widens the tab panel or the page around it.
    <section aria-labelledby="audit-log-heading" className="grid min-w-0 gap-4 [contain:inline-size]">
      <div>
        <h2 id="audit-log-heading" className="text-xl font-semibold">
          Audit log
        </h2>
        <p className="text-sm text-muted-foreground">Who changed what, and when. Newest first.</p>
      </div>
      {/* The people in the entries, searched by the server; the filters narrow it. */}
      <AdminListSearch
        label="Search the audit log"
        fieldLabel={ADMIN_LIST_MESSAGES.auditSearchLabel}
        onSearch={(q) => setFilters((current) => ({ ...current, q }))}
      />
      <Filters onApply={(next) => setFilters((current) => ({ ...next, q: current.q }))} />
      {log.isPending ? <QueueLoading label="Loading the audit log..." /> : null}
      {log.isError && !log.data ? (
        <QueueError
          message={errorMessage(log.error, 'Failed to load the audit log.')}
          onRetry={() => void log.refetch()}
        />
      ) : null}
      {log.data && entries.length === 0 ? (
        <QueueEmpty>
          {filters.q ? ADMIN_LIST_MESSAGES.noMatches(filters.q) : 'No audit entries found.'}
        </QueueEmpty>
      ) : null}
      {entries.length > 0 ? (
        <>
          {/* The table scrolls inside its own box, so a phone never scrolls the page sideways. */}
          <div
            className="relative max-w-full overflow-x-auto rounded-lg border border-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            tabIndex={0}
            role="region"
            aria-labelledby="audit-log-caption"
          >
            <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
              <caption id="audit-log-caption" className="sr-only">
                Audit log entries
              </caption>
              <thead className="bg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                    When
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Who
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    What
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    About
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Changes
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} className="border-t border-border align-top">
                    <td className="px-3 py-2 whitespace-nowrap">
                      <time dateTime={entry.createdAt}>{formatDateTimeGB(entry.createdAt)}</time>
                    </td>
                    <td className="max-w-48 px-3 py-2">{entry.actorName}</td>
                    <td className="max-w-64 px-3 py-2">{entry.summary}</td>
                    <td className="max-w-56 px-3 py-2">
                      {entry.subjectName ? <span className="block">{entry.subjectName}</span> : null}
                      <span className="block text-xs text-muted-foreground">
                        {entityLabel(entry.entityType)}
                      </span>
                      {/* The id stays for the Record id filter, small beside the words. */}
                      {entry.entityId ? (
                        <span className="block font-mono text-xs break-all text-muted-foreground">
                          {entry.entityId}
                        </span>
                      ) : null}
                    </td>
                    <td className="max-w-md px-3 py-2">
                      <Changes entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdminListFooter list={log} noun="entries" />
        </>
      ) : null}
    </section>
  );
}
