import { useWatch } from 'react-hook-form';
import { RIGHT_TO_WORK_LABELS, RIGHT_TO_WORK_METHODS } from '@contracts/verification';
import { Input } from '@web/components/ui/input';
import { FieldError } from '@web/components/ui/text-field';
import { Field, FileField, Fieldset, fieldId, type FormKit } from './fields';

/** Right to work: a share code (with an end date if time-limited) or a passport scan. */
export function RightToWorkSection({ kit }: { kit: FormKit }) {
  const { form, errorOf, textProps, fileErrors, setFile } = kit;
  const method = useWatch({ control: form.control, name: 'rightToWorkMethod' });
  const methodError = errorOf('rightToWorkMethod');
  return (
    <Fieldset legend="Right to work in the UK">
      <fieldset
        className="grid gap-2"
        aria-describedby={methodError ? `${fieldId('rightToWorkMethod')}-error` : undefined}
      >
        <legend className="mb-2 text-sm leading-none font-medium">
          How do you prove your right to work?
        </legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {RIGHT_TO_WORK_METHODS.map((value, index) => (
            <label key={value} className="flex min-h-6 cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                value={value}
                id={index === 0 ? fieldId('rightToWorkMethod') : undefined}
                className="size-4 accent-primary"
                aria-invalid={methodError ? true : undefined}
                {...form.register('rightToWorkMethod')}
              />
              {RIGHT_TO_WORK_LABELS[value]}
            </label>
          ))}
        </div>
        {methodError ? (
          <FieldError id={`${fieldId('rightToWorkMethod')}-error`}>{methodError}</FieldError>
        ) : null}
      </fieldset>
      {method === 'share_code' ? (
        <Field
          field="rightToWorkShareCode"
          label="Share code"
          hint="The 9-character code from GOV.UK ‘Prove your right to work’, like W12 345 67X."
          error={errorOf('rightToWorkShareCode')}
        >
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={14}
            className="sm:max-w-xs"
            {...textProps('rightToWorkShareCode', true)}
            {...form.register('rightToWorkShareCode')}
          />
        </Field>
      ) : null}
      {method === 'share_code' ? (
        <Field
          field="rightToWorkExpiresOn"
          label="Permission ends on (if time-limited)"
          hint="Leave empty if your permission to work has no end date. We check it again before it ends."
          error={errorOf('rightToWorkExpiresOn')}
        >
          <Input
            type="date"
            className="sm:max-w-xs"
            {...textProps('rightToWorkExpiresOn', true)}
            {...form.register('rightToWorkExpiresOn')}
          />
        </Field>
      ) : null}
      {method === 'passport' ? (
        <FileField
          field="rightToWorkDocument"
          label="Scan or photo of your passport’s photo page"
          error={fileErrors.rightToWorkDocument}
          onChange={setFile}
        />
      ) : null}
    </Fieldset>
  );
}
