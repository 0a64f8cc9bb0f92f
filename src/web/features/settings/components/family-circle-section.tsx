import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Users } from 'lucide-react';
import {
  CIRCLE_INVITATIONS_PER_DAY,
  CIRCLE_MAX_MEMBERS,
  CIRCLE_MESSAGES,
  CIRCLE_ROLE_DESCRIPTIONS,
  CIRCLE_ROLE_LABELS,
  CIRCLE_ROLES,
  CircleInvitationInput,
  type Circle,
  type CircleInvitation,
  type CircleMember,
  type CircleRole,
} from '@contracts/circle';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Select } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { FieldError, TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { formatLongDateGB } from '@web/lib/format';
import {
  useCancelInvitation,
  useCircle,
  useInvite,
  useRemoveMember,
  useSetMemberRole,
} from '@web/features/circle';
import { FormAlert, SettingsSection } from './settings-section';

const INVITE_FIELDS = CircleInvitationInput.keyof().options;
const INVITE_FAILED = 'The invitation could not be sent. Please try again.';
const CHANGE_FAILED = 'That change could not be saved. Please try again.';
const LOAD_FAILED = 'Your family circle could not be loaded.';
const inviteErrors = (error: unknown) => serverFormErrors(error, INVITE_FIELDS, INVITE_FAILED);

const failed = (error: unknown, fallback: string) =>
  toast({
    variant: 'destructive',
    title: 'Something went wrong',
    description: errorMessage(error, fallback),
  });

const fullName = (member: CircleMember) =>
  [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;

/** The role choice: two radios, each with what it allows. */
function RoleChoice({
  idPrefix,
  error,
  registration,
}: {
  idPrefix: string;
  error: string | undefined;
  registration: ReturnType<ReturnType<typeof useForm<CircleInvitationInput>>['register']>;
}) {
  const errorId = error ? `${idPrefix}-error` : undefined;
  return (
    <fieldset className="grid gap-3" aria-describedby={errorId}>
      <legend className="mb-3 text-sm font-medium">What they can do</legend>
      {CIRCLE_ROLES.map((role) => (
        <label
          key={role}
          htmlFor={`${idPrefix}-${role}`}
          className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 text-sm has-checked:border-primary has-checked:bg-secondary"
        >
          <input
            id={`${idPrefix}-${role}`}
            type="radio"
            value={role}
            aria-invalid={error ? true : undefined}
            className="mt-0.5 size-4 shrink-0 accent-primary"
            {...registration}
          />
          <span className="grid gap-0.5">
            <span className="font-medium">{CIRCLE_ROLE_LABELS[role]}</span>
            <span className="text-muted-foreground">{`They ${CIRCLE_ROLE_DESCRIPTIONS[role]}.`}</span>
          </span>
        </label>
      ))}
      {error && errorId ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}

function InviteForm({ placesLeft }: { placesLeft: number }) {
  const invite = useInvite();
  const form = useForm({
    resolver: zodResolver(CircleInvitationInput),
    defaultValues: { email: '', role: 'can_see' as CircleRole },
  });
  const { errors } = form.formState;
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    if (invite.isPending) return;
    setSentTo(null);
    invite.mutate(values, {
      onSuccess: (sent) => {
        form.reset();
        setSentTo(sent.email);
      },
      onError: (error) => applyFieldMessages(form.setError, INVITE_FIELDS, inviteErrors(error).fieldMessages),
    });
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Invite someone to your family circle"
      className="grid gap-5"
    >
      <h3 className="text-base font-semibold">Invite someone</h3>
      {/* The limits stand beside the form, so a refusal is no surprise. */}
      <p id="circle-invite-limits" className="text-sm text-muted-foreground">
        {`Up to ${CIRCLE_MAX_MEMBERS} people, invitations included (${placesLeft} ${placesLeft === 1 ? 'place' : 'places'} left). You can send ${CIRCLE_INVITATIONS_PER_DAY} invitations a day. They join with their own account, registering with the invited address if they are new.`}
      </p>
      <div role="status" aria-atomic="true">
        {sentTo ? (
          <p className="rounded-md border border-border bg-muted p-3 text-sm wrap-anywhere">
            {CIRCLE_MESSAGES.invitationSent(sentTo)}
          </p>
        ) : null}
      </div>
      <FormAlert message={invite.isError ? inviteErrors(invite.error).alert : null} />
      <TextField
        id="circle-invite-email"
        label="Their email"
        type="email"
        autoComplete="off"
        spellCheck={false}
        aria-describedby="circle-invite-limits"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <RoleChoice
        idPrefix="circle-invite-role"
        error={errors.role?.message}
        registration={form.register('role')}
      />
      <Button type="submit" className="w-full sm:w-fit" aria-disabled={invite.isPending || undefined}>
        {invite.isPending ? (
          <>
            <Spinner />
            Sending invitation...
          </>
        ) : (
          'Send invitation'
        )}
      </Button>
    </form>
  );
}

function MemberRow({ member }: { member: CircleMember }) {
  const setRole = useSetMemberRole();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  const name = fullName(member);
  const nameId = `circle-member-${member.id}-name`;
  const roleId = `circle-member-${member.id}-role`;
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-end">
      <div className="grid min-w-0 gap-1">
        <p id={nameId} className="font-medium wrap-anywhere">
          {name}
        </p>
        <p className="text-sm text-muted-foreground wrap-anywhere">{member.email}</p>
        <p className="text-sm text-muted-foreground">{`Joined ${formatLongDateGB(member.joinedAt)}`}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid gap-1">
          <label htmlFor={roleId} className="text-sm font-medium">
            {`What ${member.firstName || name} can do`}
          </label>
          <Select
            id={roleId}
            value={member.role}
            disabled={setRole.isPending}
            onChange={(event) =>
              setRole.mutate(
                { id: member.id, role: event.target.value as CircleRole },
                {
                  onSuccess: (saved) =>
                    toast({
                      title: 'Saved',
                      description: `${fullName(saved)}: ${CIRCLE_ROLE_LABELS[saved.role]}.`,
                    }),
                  onError: (error) => failed(error, CHANGE_FAILED),
                },
              )
            }
          >
            {CIRCLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {CIRCLE_ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button variant="outline" aria-describedby={nameId}>
              Remove
            </Button>
          }
          title={`Remove ${name} from your family circle?`}
          description={
            <p>
              They will no longer see your care arrangements, visits or notices. We will email them to say so.
            </p>
          }
          confirmLabel="Remove"
          keepLabel="Keep them"
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(member.id, {
              onSuccess: () => {
                setConfirming(false);
                toast({ title: 'Removed', description: `${name} is no longer in your family circle.` });
              },
              onError: (error) => {
                setConfirming(false);
                failed(error, CHANGE_FAILED);
              },
            })
          }
        />
      </div>
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: CircleInvitation }) {
  const resend = useInvite();
  const cancel = useCancelInvitation();
  const emailId = `circle-invitation-${invitation.id}-email`;
  const busy = resend.isPending || cancel.isPending;
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <p id={emailId} className="flex flex-wrap items-center gap-2 font-medium wrap-anywhere">
          {invitation.email}
          <Badge variant="secondary">{CIRCLE_ROLE_LABELS[invitation.role]}</Badge>
        </p>
        <p className="text-sm text-muted-foreground">{`Invited; the link works until ${formatLongDateGB(invitation.expiresAt)}`}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="outline"
          size="sm"
          aria-describedby={emailId}
          aria-disabled={busy || undefined}
          onClick={() =>
            busy
              ? undefined
              : resend.mutate(
                  { email: invitation.email, role: invitation.role },
                  {
                    onSuccess: (sent) =>
                      toast({
                        title: 'Invitation sent again',
                        description: CIRCLE_MESSAGES.invitationSent(sent.email),
                      }),
                    onError: (error) => failed(error, INVITE_FAILED),
                  },
                )
          }
        >
          {resend.isPending ? <Spinner /> : null}
          Resend
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-describedby={emailId}
          aria-disabled={busy || undefined}
          onClick={() =>
            busy
              ? undefined
              : cancel.mutate(invitation.id, {
                  onSuccess: () =>
                    toast({
                      title: 'Invitation cancelled',
                      description: `The link sent to ${invitation.email} no longer works.`,
                    }),
                  onError: (error) => failed(error, CHANGE_FAILED),
                })
          }
        >
          {cancel.isPending ? <Spinner /> : null}
          Cancel invitation
        </Button>
      </div>
    </li>
  );
}

function CircleLists({ circle }: { circle: Circle }) {
  if (circle.members.length === 0 && circle.invitations.length === 0) {
    return (
      <div className="flex items-start gap-3 rounded-md border border-dashed border-border p-4 text-sm">
        <Users aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <p>Nobody is in your family circle yet.</p>
      </div>
    );
  }
  return (
    <>
      {circle.members.length > 0 ? (
        <div className="grid gap-1">
          <h3 className="text-base font-semibold">In your circle</h3>
          <ul aria-label="People in your family circle" className="divide-y divide-border">
            {circle.members.map((member) => (
              <MemberRow key={member.id} member={member} />
            ))}
          </ul>
        </div>
      ) : null}
      {circle.invitations.length > 0 ? (
        <div className="grid gap-1">
          <h3 className="text-base font-semibold">Invitations not yet accepted</h3>
          <ul aria-label="Open invitations" className="divide-y divide-border">
            {circle.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/**
 * Settings, family accounts: who is in their circle, the open invitations, and a form to invite
 * someone as "can see" or "can arrange" (decision 0036).
 */
export function FamilyCircleSection() {
  const circle = useCircle();
  return (
    <SettingsSection
      id="family-circle"
      title="Family circle"
      description="Relatives you invite see your care arrangements, visits and visit notices with their own account. Those who can arrange also write to the carer and answer proposals for you. Your messages, plan and settings stay yours."
    >
      {circle.isPending ? (
        <div role="status" aria-label="Loading your family circle" className="grid gap-3">
          <Skeleton className="h-12 w-full" />
        </div>
      ) : circle.isError ? (
        <div role="alert" className="grid gap-3">
          <p className="text-sm text-destructive">{errorMessage(circle.error, LOAD_FAILED)}</p>
          <Button variant="outline" className="w-full sm:w-fit" onClick={() => void circle.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <CircleLists circle={circle.data} />
          <InviteForm
            placesLeft={Math.max(
              0,
              CIRCLE_MAX_MEMBERS - circle.data.members.length - circle.data.invitations.length,
            )}
          />
        </>
      )}
    </SettingsSection>
  );
}
