import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { paths } from '@contracts/paths';
import {
  DELETE_CONFIRMATION_WORD,
  DeleteAccountInput,
  SETTINGS_MESSAGES,
  deletionArrangementWords,
} from '@contracts/settings';
import { FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { DialogClose, DialogFooter } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { useDeleteAccount, useDeletionPreview, useForgetAccount } from '../api/settings-api';
import { FormAlert, SettingsSection } from './settings-section';

const DELETE_FIELDS = DeleteAccountInput.keyof().options;
const DELETE_FAILED = 'Your account could not be deleted. Please try again.';
const deleteErrors = (error: unknown) => serverFormErrors(error, DELETE_FIELDS, DELETE_FAILED);

/**
 * What happens to the person's care arrangements, said before they confirm: 'Your 2 active care
 * arrangements will end today, … and Margaret O. will be told.'
 */
function ArrangementsConsequence() {
  const preview = useDeletionPreview(true);
  if (preview.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner />
        Checking your care arrangements...
      </p>
    );
  }
  if (preview.isError) {
    return (
      <p className="text-sm" role="status">
        Any care arrangement you have will end today, its visits to come will be cancelled and the other
        person will be told.
      </p>
    );
  }
  const words = deletionArrangementWords(preview.data);
  return words ? (
    <p className="rounded-md border border-destructive bg-destructive-soft p-3 text-sm">{words}</p>
  ) : null;
}

function DeleteAccountForm() {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const forgetAccount = useForgetAccount();
  const form = useForm({
    resolver: zodResolver(DeleteAccountInput),
    defaultValues: { password: '', confirmation: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    remove.mutate(values, {
      onSuccess: () => {
        // Leave /settings first, at once (not in a transition): with the account forgotten while
        // still there, the page would send the visitor to sign in.
        void navigate(paths.home, { replace: true, flushSync: true });
        forgetAccount();
        toast({
          title: SETTINGS_MESSAGES.accountDeletedTitle,
          description: SETTINGS_MESSAGES.accountDeletedBody,
        });
      },
      onError: (error) => applyFieldMessages(form.setError, DELETE_FIELDS, deleteErrors(error).fieldMessages),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <ArrangementsConsequence />
      <FormAlert message={remove.isError ? deleteErrors(remove.error).alert : null} />
      <TextField
        id="delete-password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        id="delete-confirmation"
        label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.confirmation?.message}
        {...form.register('confirmation')}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? (
            <>
              <Spinner />
              Deleting...
            </>
          ) : (
            'Delete my account'
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The danger zone: deleting the account (decision 0011). */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      id="delete-account"
      title="Delete account"
      danger
      description="Deleting your account cannot be undone."
    >
      <div className="grid gap-2 text-sm">
        <p>
          <span className="font-semibold">What is deleted:</span> your name, email, phone, photo, any carer
          profile and its documents, saved carers, reviews you wrote and every signed-in session. A recurring
          subscription is cancelled.
        </p>
        <p>
          <span className="font-semibold">What is kept:</span> payments, as anonymised amounts and dates for
          our accounts; messages you sent stay readable to the other person under &ldquo;Deleted user&rdquo;.
        </p>
      </div>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="destructive" className="w-full sm:w-fit">
            Delete account...
          </Button>
        }
        title="Delete your account?"
        description={
          <>
            This erases your personal data for good and signs you out everywhere. Enter your password and type{' '}
            {DELETE_CONFIRMATION_WORD} to confirm.
          </>
        }
      >
        {/* Mounted only while open, so a second opening starts empty. */}
        {open ? <DeleteAccountForm /> : null}
      </FormDialog>
    </SettingsSection>
  );
}
