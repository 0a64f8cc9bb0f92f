import { DBS_LEVELS, DBS_WORKFORCE_LABELS, DBS_WORKFORCES } from '@contracts/verification';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { FieldError } from '@web/components/ui/text-field';
import { Field, FileField, Fieldset, fieldId, type FormKit } from './fields';

/** The DBS certificate: level, workforce, issue date, number, the Update Service and its scan. */
export function DbsSection({ kit }: { kit: FormKit }) {
  const { form, errorOf, textProps, fileErrors, setFile } = kit;
  const updateServiceError = errorOf('dbsUpdateService');
  return (
    <Fieldset legend="DBS certificate">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field field="dbsLevel" label="DBS check level" error={errorOf('dbsLevel')}>
          <Select {...textProps('dbsLevel')} {...form.register('dbsLevel')}>
            <option value="">Select the level</option>
            {DBS_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          field="dbsWorkforce"
          label="Workforce on the certificate"
          hint="Whose barred list was checked, if any: adults, children or both."
          error={errorOf('dbsWorkforce')}
        >
          <Select {...textProps('dbsWorkforce', true)} {...form.register('dbsWorkforce')}>
            <option value="">Select the workforce</option>
            {DBS_WORKFORCES.map((workforce) => (
              <option key={workforce} value={workforce}>
                {DBS_WORKFORCE_LABELS[workforce]}
              </option>
            ))}
          </Select>
        </Field>
        <Field field="dbsIssueDate" label="Issue date" error={errorOf('dbsIssueDate')}>
          <Input
            type="date"
            min="2002-01-01"
            {...textProps('dbsIssueDate')}
            {...form.register('dbsIssueDate')}
          />
        </Field>
        <Field
          field="dbsCertificateNumber"
          label="Certificate number"
          hint="The 12 digits at the top of your certificate."
          error={errorOf('dbsCertificateNumber')}
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            {...textProps('dbsCertificateNumber', true)}
            {...form.register('dbsCertificateNumber')}
          />
        </Field>
        <fieldset
          className="grid content-start gap-2"
          aria-describedby={updateServiceError ? `${fieldId('dbsUpdateService')}-error` : undefined}
        >
          <legend className="mb-2 text-sm leading-none font-medium">On the DBS Update Service?</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(['true', 'false'] as const).map((value, index) => (
              <label key={value} className="flex min-h-6 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  value={value}
                  id={index === 0 ? fieldId('dbsUpdateService') : undefined}
                  className="size-4 accent-primary"
                  aria-invalid={updateServiceError ? true : undefined}
                  {...form.register('dbsUpdateService')}
                />
                {value === 'true' ? 'Yes' : 'No'}
              </label>
            ))}
          </div>
          {updateServiceError ? (
            <FieldError id={`${fieldId('dbsUpdateService')}-error`}>{updateServiceError}</FieldError>
          ) : null}
        </fieldset>
      </div>
      <FileField
        field="dbsCertificate"
        label="Scan or photo of your DBS certificate"
        error={fileErrors.dbsCertificate}
        onChange={setFile}
      />
    </Fieldset>
  );
}
