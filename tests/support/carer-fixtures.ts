import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { CarerProfileFormValues } from '@contracts/carers';
import type { Database } from '../../src/server/db/client';
import { carerInsurance, carerProfiles, carerVerifications } from '../../src/server/db/schema';
import { rankScoreSql } from '../../src/server/features/carers/carer-ranking';

/** A valid profile body (product §7 POST /api/carers). */
export const validProfile = (overrides: Partial<Record<keyof CarerProfileFormValues, unknown>> = {}) => ({
  specialization: 'Dementia Care',
  experience: '3-5 years',
  location: 'Harrogate, North Yorkshire',
  hourlyRateMin: '17.50',
  hourlyRateMax: '23.00',
  description:
    'I support people living with dementia at home, keeping routines calm and familiar, and I work closely with families.',
  qualifications: ['Dementia Care Training', 'Manual Handling'],
  availability: ['Weekdays', 'Evenings'],
  ...overrides,
});

/** A JPEG carrying EXIF with a GPS position and a name: what must never be served back. */
export async function photoWithGps(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7a5c' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Secret Home Address', Artist: 'Jane Carer' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '53/1 48/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '1/1 33/1 0/1',
      },
    })
    .toBuffer();
}

/** A multipart body with one file field, as a browser's FormData sends it. */
export function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----carematch${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * What an admin's approval of a carer's checks leaves behind (docs/decisions/0026): an approved
 * submission, approved public liability insurance for a year (required to stay listed, decision
 * 0028) and the Verified flag, in one transaction. Only then is a profile listed in search
 * and public; fixtures that promise "a listed profile" call this.
 */
export async function approveChecks(db: Database, carerProfileId: string, at = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(carerVerifications).values({
      carerId: carerProfileId,
      status: 'approved',
      dbsLevel: 'Enhanced with Barred List',
      dbsIssueDate: at.toISOString().slice(0, 10),
      dbsCertificateNumber: '001234567890',
      dbsUpdateService: true,
      rightToWorkMethod: 'share_code',
      rightToWorkShareCode: 'W4K7Q9P2X',
      references: [
        { name: 'Margaret Holt', relationship: 'Former manager', contact: 'm.holt@example.co.uk' },
        { name: 'David Osei', relationship: 'Son of a client', contact: '07700 900123' },
      ],
      submittedAt: at,
      reviewedAt: at,
    });
    const inAYear = new Date(at);
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    await tx.insert(carerInsurance).values({
      carerId: carerProfileId,
      kind: 'public_liability',
      insurer: 'Hiscox',
      policyNumber: 'PL-0012345',
      coverPounds: 5_000_000,
      expiresOn: inAYear.toISOString().slice(0, 10),
      status: 'approved',
      submittedAt: at,
      reviewedAt: at,
    });
    await tx.update(carerProfiles).set({ isVerified: true }).where(eq(carerProfiles.id, carerProfileId));
    // The badge feeds the rank, as in the real approval.
    await tx
      .update(carerProfiles)
      .set({ rankScore: rankScoreSql })
      .where(eq(carerProfiles.id, carerProfileId));
  });
}
