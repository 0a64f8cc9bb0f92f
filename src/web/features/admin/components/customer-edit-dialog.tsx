import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { ADMIN_TEXT, ADMIN_TOASTS, CustomerEditInput, type AdminCustomer } from '@contracts/admin';
import { DialogButtons, FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { useUpdateCustomer } from '../api/admin-customers';
import { customerName } from './admin-names';
import { fieldAria, FormField } from './form-field';

const FIELDS = ['firstName', 'lastName', 'email'] as const;

/** Product §8: Admin Management's toasts, or the test customer page's. */
const TOASTS = {
  management: {
    success: { title: ADMIN_TOASTS.successTitle, description: ADMIN_TOASTS.customerUpdated },
    failure: ADMIN_TOASTS.customerUpdateFailed,
  },
  testPage: {
    success: { title: ADMIN_TOASTS.successTitle, description: ADMIN_TOASTS.testUserUpdated },
    failure: ADMIN_TOASTS.testUserUpdateFailed,
  },
} as const;

export type CustomerEditVariant = keyof typeof TOASTS;

function CustomerEditForm({
  customer,
  variant,
  onSaved,
}: {
  customer: AdminCustomer;
  variant: CustomerEditVariant;
  onSaved: () => void;
}) {
  const id = useId();
  const update = useUpdateCustomer();
  const form = useForm<CustomerEditInput>({
    resolver: zodResolver(CustomerEditInput),
    defaultValues: {
      firstName: customer.firstName ?? '',
      lastName: customer.lastName ?? '',
      email: customer.email,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => {
    if (update.isPending) return;
    update.mutate(
      { id: customer.id, input },
      {
        onSuccess: () => {
          toast(TOASTS[variant].success);
          onSaved();
        },
        onError: (error) => {
          const failure = TOASTS[variant].failure;
          toast({
            variant: 'destructive',
            title: ADMIN_TOASTS.errorTitle,
            description: errorMessage(error, failure),
          });
          const { fieldMessages } = serverFormErrors(error, FIELDS, failure, 'email');
          applyFieldMessages(form.setError, FIELDS, fieldMessages);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-first`} label="First Name" error={errors.firstName?.message}>
          <Input
            autoComplete="off"
            {...fieldAria(`${id}-first`, errors.firstName?.message)}
            {...form.register('firstName')}
          />
        </FormField>
        <FormField id={`${id}-last`} label="Last Name" error={errors.lastName?.message}>
          <Input
            autoComplete="off"
            {...fieldAria(`${id}-last`, errors.lastName?.message)}
            {...form.register('lastName')}
          />
        </FormField>
      </div>
      <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="off"
          spellCheck={false}
          {...fieldAria(`${id}-email`, errors.email?.message)}
          {...form.register('email')}
        />
      </FormField>
      <DialogButtons
        className="mt-2"
        cancelLabel={ADMIN_TEXT.cancel}
        submitLabel={ADMIN_TEXT.saveChanges}
        pendingLabel={ADMIN_TEXT.saving}
        pending={update.isPending}
      />
    </form>
  );
}

/** 'Edit Customer Details': First Name, Last Name, Email; closes on a successful save. */
export function CustomerEditDialog({
  customer,
  variant,
}: {
  customer: AdminCustomer;
  variant: CustomerEditVariant;
}) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm">
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only">{` ${customerName(customer)}`}</span>
        </Button>
      }
      title={ADMIN_TEXT.editCustomerTitle}
      description={`Change the name or email of ${customer.email}.`}
    >
      <CustomerEditForm customer={customer} variant={variant} onSaved={() => setOpen(false)} />
    </FormDialog>
  );
}
