import { TWO_FACTOR_MESSAGES, type TwoFactorEnrolment } from '@contracts/auth-two-factor';
import { cn } from '@web/lib/utils';

/** Groups of four, easier to type into an app by hand (apps ignore the spaces). */
export function groupKey(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * The QR code and the key for typing in: on the settings page and in an admin's first sign-in.
 * `keyId` names the key's element (tests and the page read the key from it).
 */
export function EnrolmentDetails({
  enrolment,
  keyId,
  centred = false,
}: {
  enrolment: TwoFactorEnrolment;
  keyId: string;
  centred?: boolean;
}) {
  return (
    <div className="grid gap-4">
      <img
        src={enrolment.qrCodeDataUrl}
        alt={TWO_FACTOR_MESSAGES.qrCodeAlt}
        width={192}
        height={192}
        className={cn('size-48 rounded-md border border-border bg-white p-2', centred && 'mx-auto')}
      />
      <div className="grid gap-1">
        <p className="text-sm font-medium">{TWO_FACTOR_MESSAGES.manualKeyLabel}</p>
        <p className="w-fit max-w-full rounded-md bg-muted p-3">
          <code id={keyId} className="font-mono text-sm break-all select-all">
            {groupKey(enrolment.secret)}
          </code>
        </p>
      </div>
    </div>
  );
}
