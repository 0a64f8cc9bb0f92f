import { Input } from '@web/components/ui/input';
import { FieldError } from '@web/components/ui/text-field';
import { Field, Fieldset, fieldId, type FormKit } from './fields';
import { REFERENCE_INDEXES } from './values';

/** Two references: name, how the carer knows them, and an email or UK phone number each. */
export function ReferencesSection({ kit }: { kit: FormKit }) {
  const { form, errorOf, textProps } = kit;
  const referencesError = errorOf('references');
  return (
    <Fieldset legend="References">
      <p className="text-sm text-muted-foreground">
        Two people who know your work or character, not family members.
      </p>
      {referencesError ? <FieldError id={fieldId('references')}>{referencesError}</FieldError> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {REFERENCE_INDEXES.map((index) => (
          <fieldset key={index} className="grid content-start gap-3 rounded-md bg-muted/50 p-3">
            <legend className="text-sm font-semibold">{`Reference ${index + 1}`}</legend>
            <Field
              field={`references.${index}.name`}
              label="Name"
              error={errorOf(`references.${index}.name`)}
            >
              <Input
                autoComplete="off"
                {...textProps(`references.${index}.name`)}
                {...form.register(`references.${index}.name`)}
              />
            </Field>
            <Field
              field={`references.${index}.relationship`}
              label="How you know them"
              error={errorOf(`references.${index}.relationship`)}
            >
              <Input
                autoComplete="off"
                {...textProps(`references.${index}.relationship`)}
                {...form.register(`references.${index}.relationship`)}
              />
            </Field>
            <Field
              field={`references.${index}.contact`}
              label="Email or UK phone number"
              error={errorOf(`references.${index}.contact`)}
            >
              <Input
                autoComplete="off"
                {...textProps(`references.${index}.contact`)}
                {...form.register(`references.${index}.contact`)}
              />
            </Field>
          </fieldset>
        ))}
      </div>
    </Fieldset>
  );
}
