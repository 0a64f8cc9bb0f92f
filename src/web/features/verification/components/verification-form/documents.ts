// The scans: checked in the browser before sending (the server checks their content again).
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  VERIFICATION_MESSAGES,
  type VerificationFileField,
} from '@contracts/verification';

export type Files = Partial<Record<VerificationFileField, File>>;
export type FileErrors = Partial<Record<VerificationFileField, string>>;

export const DOCUMENT_FIELDS = ['dbsCertificate', 'rightToWorkDocument', 'photoId'] as const;

/** Client-side checks of the scans; the server checks the content again. */
export function checkFile(file: File | undefined, requiredMessage: string): string | undefined {
  if (!file) return requiredMessage;
  if (file.size > DOCUMENT_MAX_BYTES) return VERIFICATION_MESSAGES.documentTooLarge;
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return VERIFICATION_MESSAGES.documentType;
  return undefined;
}

export function checkFiles(files: Files, method: string | undefined): FileErrors {
  const errors: FileErrors = {};
  const dbs = checkFile(files.dbsCertificate, VERIFICATION_MESSAGES.dbsCertificateRequired);
  if (dbs) errors.dbsCertificate = dbs;
  if (method === 'passport') {
    const passport = checkFile(files.rightToWorkDocument, VERIFICATION_MESSAGES.passportScanRequired);
    if (passport) errors.rightToWorkDocument = passport;
  }
  const photo = checkFile(files.photoId, VERIFICATION_MESSAGES.photoIdRequired);
  if (photo) errors.photoId = photo;
  return errors;
}

/** The scans to send: the passport's only when the carer chose the passport. */
export function filesToSend(files: Files, method: string): Files {
  const sent: Files = { dbsCertificate: files.dbsCertificate, photoId: files.photoId };
  if (method === 'passport') sent.rightToWorkDocument = files.rightToWorkDocument;
  return sent;
}
