import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { SearchPlaceInput, SETTINGS_MESSAGES } from '@contracts/settings';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/use-toast';
import { applyFieldMessages, serverFormErrors } from '@web/lib/form-errors';
import { useSaveSearchPlace } from '@web/lib/search-place';
import { FormAlert, SettingsSection } from './settings-section';

const PLACE_FIELDS = ['searchPlace'] as const;
const PLACE_FAILED = 'Your search place could not be saved. Please try again.';
const placeErrors = (error: unknown) => serverFormErrors(error, PLACE_FIELDS, PLACE_FAILED);

/** Ids the tests and the signed-in home's link use. */
export const SEARCH_PLACE_SECTION_ID = 'search-place';

function SearchPlaceForm({ saved }: { saved: string | null }) {
  const save = useSaveSearchPlace();
  const form = useForm<z.input<typeof SearchPlaceInput>, unknown, SearchPlaceInput>({
    resolver: zodResolver(SearchPlaceInput),
    defaultValues: { searchPlace: saved ?? '' },
  });
  const { errors } = form.formState;

  const store = (searchPlace: string | null) => {
    save.mutate(
      { searchPlace },
      {
        onSuccess: (answer) => {
          form.reset({ searchPlace: answer.searchPlace ?? '' });
          // Clearing removes the button that did it: the keyboard goes to the emptied box.
          if (!answer.searchPlace) form.setFocus('searchPlace');
          toast({
            title: SETTINGS_MESSAGES.searchPlaceSavedTitle,
            description: answer.searchPlace
              ? SETTINGS_MESSAGES.searchPlaceSavedBody(answer.searchPlace)
              : SETTINGS_MESSAGES.searchPlaceClearedBody,
          });
        },
        onError: (error) => applyFieldMessages(form.setError, PLACE_FIELDS, placeErrors(error).fieldMessages),
      },
    );
  };
  const onSubmit = form.handleSubmit((values) => store(values.searchPlace));

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Your search place" className="grid gap-5">
      <FormAlert message={save.isError ? placeErrors(save.error).alert : null} />
      <TextField
        id="settings-search-place"
        label="Postcode or town"
        hint="For example LS6 3AB or Leeds. Only you see it; leave it empty to start from no place."
        autoComplete="postal-code"
        maxLength={100}
        error={errors.searchPlace?.message}
        {...form.register('searchPlace')}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? (
            <>
              <Spinner />
              Saving...
            </>
          ) : (
            'Save place'
          )}
        </Button>
        {saved ? (
          <Button type="button" variant="outline" disabled={save.isPending} onClick={() => store(null)}>
            Clear saved place
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Customers only: the postcode or town the carer search starts from. */
export function SearchPlaceSection({ place }: { place: string | null | undefined }) {
  return (
    <SettingsSection
      id={SEARCH_PLACE_SECTION_ID}
      title="Carer search"
      description="Save your postcode or town and the carer search starts near it, nearest carers first."
    >
      {place === undefined ? (
        <div aria-hidden="true" className="grid gap-3">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-10" />
        </div>
      ) : (
        <SearchPlaceForm saved={place} />
      )}
    </SettingsSection>
  );
}
