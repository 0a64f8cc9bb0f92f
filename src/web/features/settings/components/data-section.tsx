import { Download } from 'lucide-react';
import { SETTINGS_MESSAGES } from '@contracts/settings';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { endpoints } from '@contracts/endpoints';
import { apiResponse, errorMessage } from '@web/lib/api-client';
import { useSendOnce } from '@web/lib/use-send-once';
import { SettingsSection } from './settings-section';

/** The file name the server gives the ZIP (Content-Disposition), or a dated default. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `carematch-data-${new Date().toISOString().slice(0, 10)}.zip`;
}

/**
 * "Download my data" (UK GDPR access and portability, decision 0011). The ZIP is made by a POST (it spends one of the
 * hour's exports, so another site must not be able to start it with a link), fetched first and
 * then saved from a blob URL, so a refusal (too many downloads, a failure) shows as a toast instead
 * of downloading the error as a file. Sent once however often it is clicked meanwhile: a
 * second export would spend another of the hour's.
 */
export function DataSection() {
  const { sending: preparing, sendOnce } = useSendOnce();

  const download = async () => {
    try {
      const response = await apiResponse(endpoints.privacy.postSettingsExport);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: SETTINGS_MESSAGES.errorTitle,
        description: errorMessage(error, SETTINGS_MESSAGES.exportFailed),
      });
    }
  };

  return (
    <SettingsSection
      id="data"
      title="Your data"
      description="A ZIP file with a copy of everything we hold about you, in JSON and CSV, with the files you uploaded."
    >
      <p className="text-sm">
        It includes your profile, any carer profile, messages you sent and received, reviews, saved carers,
        payments, signed-in sessions and verification details.
      </p>
      <Button
        type="button"
        variant="outline"
        className="w-full sm:w-fit"
        onClick={() => void sendOnce(download)}
        aria-disabled={preparing || undefined}
        aria-busy={preparing}
      >
        <Download aria-hidden="true" />
        {preparing ? 'Preparing your data...' : 'Download my data'}
      </Button>
    </SettingsSection>
  );
}
