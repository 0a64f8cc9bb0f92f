import { useState } from 'react';
import { RotateCw } from 'lucide-react';
import { APP_UPDATE_TEXT } from '@contracts/app-install';
import { Button } from '@web/components/ui/button';
import { useWaitingUpdate } from '@web/lib/service-worker';

/** "A new version is ready — reload": shown once a new version of the app has downloaded. */
export function UpdateNotice() {
  const apply = useWaitingUpdate();
  const [reloading, setReloading] = useState(false);
  if (!apply) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-[150] mx-auto flex max-w-md flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-background p-4 shadow-lg print:hidden"
    >
      <p className="font-medium">{APP_UPDATE_TEXT.ready}</p>
      <Button
        size="sm"
        aria-disabled={reloading || undefined}
        onClick={() => {
          if (reloading) return;
          setReloading(true);
          apply();
        }}
      >
        <RotateCw aria-hidden="true" />
        {reloading ? APP_UPDATE_TEXT.reloading : APP_UPDATE_TEXT.reload}
      </Button>
    </div>
  );
}
