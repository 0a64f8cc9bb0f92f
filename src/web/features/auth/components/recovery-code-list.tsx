import { Copy, Download } from 'lucide-react';
import type { Ref } from 'react';
import { TWO_FACTOR_MESSAGES } from '@contracts/auth-two-factor';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';

function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function copyCodes(codes: string[]) {
  try {
    await navigator.clipboard.writeText(codes.join('\n'));
    toast({ title: TWO_FACTOR_MESSAGES.codesCopiedTitle, description: TWO_FACTOR_MESSAGES.codesCopiedBody });
  } catch {
    toast({
      variant: 'destructive',
      title: TWO_FACTOR_MESSAGES.copyFailedTitle,
      description: TWO_FACTOR_MESSAGES.copyFailedBody,
    });
  }
}

/**
 * The one-time recovery codes, shown once (after turning on, renewing, or an admin's first
 * sign-in), with copy and download. The caller gives the heading and the "saved" button.
 */
export function RecoveryCodeList({
  codes,
  listRef,
  labelledBy,
}: {
  codes: string[];
  /** Focus lands on the list when the caller has no heading of its own to focus. */
  listRef?: Ref<HTMLUListElement>;
  labelledBy?: string;
}) {
  const text = `${TWO_FACTOR_MESSAGES.recoveryCodesTitle}\n${TWO_FACTOR_MESSAGES.recoveryCodesNote}\n\n${codes.join('\n')}\n`;
  return (
    <>
      <ul
        ref={listRef}
        tabIndex={listRef ? -1 : undefined}
        {...(labelledBy
          ? { 'aria-labelledby': labelledBy }
          : { 'aria-label': TWO_FACTOR_MESSAGES.recoveryCodesTitle })}
        className="grid w-fit grid-cols-2 gap-x-8 gap-y-2 rounded-md bg-muted p-4 font-mono text-sm focus:outline-none"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          type="button"
          variant="outline"
          className="w-full sm:w-fit"
          onClick={() => void copyCodes(codes)}
        >
          <Copy aria-hidden="true" />
          {TWO_FACTOR_MESSAGES.copyCodesButton}
        </Button>
        <Button
          type="button"
          variant="outline"
          className="w-full sm:w-fit"
          onClick={() => downloadText(TWO_FACTOR_MESSAGES.recoveryCodesFileName, text)}
        >
          <Download aria-hidden="true" />
          {TWO_FACTOR_MESSAGES.downloadCodesButton}
        </Button>
      </div>
    </>
  );
}
