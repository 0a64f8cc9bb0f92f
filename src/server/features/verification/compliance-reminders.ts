import { REMINDER_DAYS, ukDay } from '@contracts/verification-compliance';
import type { Database } from '../../db/client';
import { enqueueEmail, type Mailer } from '../../platform/mailer';
import { reminderEmail } from './compliance-emails';
import { createComplianceRepository, type ComplianceRepository } from './compliance.repository';
import { daysUntil, dueOf } from './compliance-rules';

/** What each housekeeping run of compliance (reminders, lapses) is built from. */
export interface ComplianceRunDeps {
  repository: ComplianceRepository;
  db: Database;
  mailer: Mailer;
  dashboardUrl: string;
  now: () => Date;
}

/** The housekeeping run that reminds carers of checks falling due (decision 0028). */
export function createComplianceReminders({ repository, db, mailer, dashboardUrl, now }: ComplianceRunDeps) {
  return {
    /**
     * Housekeeping: each Verified carer is emailed REMINDER_DAYS before a check of theirs falls
     * due, each reminder once (a carer first seen inside 7 days gets only the 7-day one).
     */
    async sendReminders(): Promise<number> {
      const at = now();
      const today = ukDay(at);
      let sent = 0;
      for (const snapshot of await repository.verifiedSnapshots()) {
        if (!snapshot.carerEmail) continue;
        for (const item of dueOf(snapshot)) {
          if (item.check === 'dbs_status_check') continue;
          const days = daysUntil(item.dueOn, today);
          if (days <= 0) continue;
          const notice = [...REMINDER_DAYS].sort((a, b) => a - b).find((limit) => days <= limit);
          if (notice === undefined) continue;
          const email = reminderEmail(
            snapshot.carerEmail,
            snapshot.carerFirstName,
            item.check,
            item.dueOn,
            days,
            dashboardUrl,
            item.subject.startsWith('public_liability:none:'),
          );
          const claimed = await db.transaction(async (tx) => {
            const won = await createComplianceRepository(tx).claimReminder({
              carerId: snapshot.carerId,
              subject: item.subject,
              dueOn: item.dueOn,
              notice: String(notice),
              sentAt: at,
            });
            if (won) await enqueueEmail(tx, email);
            return won;
          });
          if (claimed) sent += 1;
        }
      }
      if (sent > 0) mailer.dispatchSoon();
      return sent;
    },
  };
}
