import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  type TwoFactorEnrolment,
} from '@contracts/auth-two-factor';

// The cryptography of two-factor sign-in (decision 0012): TOTP by the otpauth library (RFC 6238,
// SHA-1, 6 digits, 30 s, the usual settings every authenticator app reads), secrets encrypted at
// rest, recovery codes kept as HMACs.

/** Codes of the previous and next 30-second step are accepted too (clock drift). */
const WINDOW = 1;
/** Recovery codes: 10 characters without look-alikes (no 0/o, 1/l/i), about 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function createTotpCrypto(sessionSecret: string) {
  const encryptionKey = Buffer.from(
    hkdfSync('sha256', sessionSecret, 'carematch', 'two-factor secret encryption', 32),
  );
  const recoveryKey = Buffer.from(
    hkdfSync('sha256', sessionSecret, 'carematch', 'two-factor recovery codes', 32),
  );

  function totpFor(base32Secret: string, label = '') {
    return new TOTP({
      issuer: TOTP_ISSUER,
      label,
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      secret: Secret.fromBase32(base32Secret),
    });
  }

  return {
    /** A new 160-bit secret, base32 (what the app stores). */
    newSecret: (): string => new Secret({ size: 20 }).base32,

    /** AES-256-GCM: 'v1.iv.tag.ciphertext', base64url parts. */
    encrypt(base32Secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const ciphertext = Buffer.concat([cipher.update(base32Secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },

    decrypt(stored: string): string {
      const [version, iv, tag, ciphertext] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('unknown two-factor secret format');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },

    /**
     * The time step a 6-digit code belongs to, or null when it matches none in the window. The
     * caller refuses a step already used (a code works once).
     */
    matchingStep(base32Secret: string, code: string, at: Date): number | null {
      const totp = totpFor(base32Secret);
      const delta = totp.validate({ token: code, timestamp: at.getTime(), window: WINDOW });
      return delta === null ? null : totp.counter({ timestamp: at.getTime() }) + delta;
    },

    /** What the settings page and the admin's first sign-in show: the key, its URL and QR code. */
    async enrolment(base32Secret: string, accountEmail: string): Promise<TwoFactorEnrolment> {
      const otpauthUrl = totpFor(base32Secret, accountEmail).toString();
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return {
        secret: base32Secret,
        otpauthUrl,
        qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /** RECOVERY_CODE_COUNT codes like 'abcde-fgh23', shown once. */
    newRecoveryCodes(): string[] {
      return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
        const chars = Array.from(
          { length: 10 },
          () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
        );
        return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
      });
    },

    /** The stored form of a recovery code (dash and case do not matter). */
    hashRecoveryCode: (code: string): string =>
      createHmac('sha256', recoveryKey).update(code.replace(/[-\s]/g, '').toLowerCase()).digest('base64url'),
  };
}
export type TotpCrypto = ReturnType<typeof createTotpCrypto>;

/** A 6-digit code, as opposed to a recovery code. */
export const isAppCode = (code: string) => /^\d{6}$/.test(code);
