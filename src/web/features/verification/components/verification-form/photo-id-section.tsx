import { FileField, Fieldset, type FormKit } from './fields';

/** Photo ID: one scan. */
export function PhotoIdSection({ kit }: { kit: FormKit }) {
  return (
    <Fieldset legend="Photo ID">
      <FileField
        field="photoId"
        label="Passport or driving licence"
        error={kit.fileErrors.photoId}
        onChange={kit.setFile}
      />
    </Fieldset>
  );
}
