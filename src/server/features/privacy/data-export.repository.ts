import { aliasedTable, and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { DELETED_USER_NAME } from '@contracts/messaging';
import type { Executor } from '../../db/client';
import {
  arrangements,
  circleInvitations,
  circleMembers,
  notificationSettings,
  pushOutbox,
  pushSettings,
  pushSubscriptions,
  auditLog,
  careRequestResponses,
  careRequests,
  billingSubscriptions,
  carerProfiles,
  carerInsurance,
  carerVerifications,
  dbsStatusChecks,
  contactEnquiries,
  conversations,
  coverBackups,
  coverOffers,
  emailChangeRequests,
  loginFailures,
  messages,
  outboxEmails,
  passwordResetTokens,
  payments,
  reports,
  reviews,
  savedCarers,
  sessions,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
  type UserRow,
  uploads,
  userBlocks,
  users,
  visitNoteReplies,
  visitNotes,
  visits,
  invoices,
  invoicingSettings,
  timesheetLines,
  timesheets,
  carePaymentAccounts,
  carePaymentAttempts,
  carePaymentDisputes,
  carePayouts,
  careSavedCards,
  complianceLapses,
  statementReferences,
} from '../../db/schema';

/** One record of the export: flat values (arrays and objects are written as JSON in the CSV). */
export type ExportRecord = Record<string, unknown>;
/** A message as exported, with its sender's id for the paywall rule (the service drops it). */
export type ExportedMessage = ExportRecord & { senderId: string | null };

/** 'Anna P.': how the product names another person; their email is never exported. */
const displayName = (first: unknown, last: unknown): string => {
  const given = typeof first === 'string' ? first.trim() : '';
  const family = typeof last === 'string' ? last.trim() : '';
  if (!given && !family) return DELETED_USER_NAME;
  return family ? `${given} ${family.charAt(0)}.`.trim() : given;
};

/** Every personal record of one account, table by table (decision 0011). */
export function createDataExportRepository(db: Executor) {
  const other = aliasedTable(users, 'other_user');
  const otherProfile = aliasedTable(carerProfiles, 'other_profile');

  return {
    async carerProfile(userId: string) {
      const [row] = await db.select().from(carerProfiles).where(eq(carerProfiles.userId, userId));
      return row;
    },

    /** Threads the account is part of, with the other side's display name. */
    async conversations(userId: string, carerId: string | undefined): Promise<ExportRecord[]> {
      const rows = await db
        .select({
          id: conversations.id,
          customerId: conversations.customerId,
          carerProfileId: conversations.carerId,
          createdAt: conversations.createdAt,
          lastMessageAt: conversations.lastMessageAt,
          customerFirst: other.firstName,
          customerLast: other.lastName,
          carerFirst: otherProfile.firstName,
          carerLast: otherProfile.lastName,
        })
        .from(conversations)
        .leftJoin(other, eq(other.id, conversations.customerId))
        .leftJoin(otherProfile, eq(otherProfile.id, conversations.carerId))
        .where(
          or(eq(conversations.customerId, userId), carerId ? eq(conversations.carerId, carerId) : sql`false`),
        )
        .orderBy(asc(conversations.createdAt), asc(conversations.id));
      return rows.map((row) => {
        const asCustomer = row.customerId === userId;
        return {
          id: row.id,
          yourRole: asCustomer ? 'family' : 'carer',
          otherParty: asCustomer
            ? displayName(row.carerFirst, row.carerLast)
            : displayName(row.customerFirst, row.customerLast),
          createdAt: row.createdAt,
          lastMessageAt: row.lastMessageAt,
        };
      });
    },

    /** Messages the account sent (`direction` 'sent') or received ('received'). */
    async messages(userId: string, direction: 'sent' | 'received'): Promise<ExportedMessage[]> {
      const mine = direction === 'sent' ? messages.senderId : messages.receiverId;
      const theirs = direction === 'sent' ? messages.receiverId : messages.senderId;
      const rows = await db
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          senderId: messages.senderId,
          first: other.firstName,
          last: other.lastName,
          content: messages.content,
          createdAt: messages.createdAt,
          readAt: messages.readAt,
        })
        .from(messages)
        .leftJoin(other, eq(other.id, theirs))
        .where(eq(mine, userId))
        .orderBy(asc(messages.createdAt), asc(messages.id));
      return rows.map(({ first, last, ...row }) => ({
        id: row.id,
        conversationId: row.conversationId,
        [direction === 'sent' ? 'to' : 'from']: displayName(first, last),
        content: row.content,
        createdAt: row.createdAt,
        readAt: row.readAt,
        // For the service's paywall rule only: never written to the file.
        senderId: row.senderId,
      }));
    },

    async reviewsWritten(userId: string): Promise<ExportRecord[]> {
      const rows = await db
        .select({
          id: reviews.id,
          carerProfileId: reviews.carerId,
          first: carerProfiles.firstName,
          last: carerProfiles.lastName,
          rating: reviews.rating,
          comment: reviews.comment,
          createdAt: reviews.createdAt,
          updatedAt: reviews.updatedAt,
        })
        .from(reviews)
        .leftJoin(carerProfiles, eq(carerProfiles.id, reviews.carerId))
        .where(eq(reviews.customerId, userId))
        .orderBy(asc(reviews.createdAt));
      return rows.map(({ first, last, ...row }) => ({ ...row, carer: displayName(first, last) }));
    },

    async reviewsReceived(carerId: string): Promise<ExportRecord[]> {
      const rows = await db
        .select({
          id: reviews.id,
          first: other.firstName,
          last: other.lastName,
          rating: reviews.rating,
          comment: reviews.comment,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .leftJoin(other, eq(other.id, reviews.customerId))
        .where(eq(reviews.carerId, carerId))
        .orderBy(asc(reviews.createdAt));
      return rows.map(({ first, last, ...row }) => ({ ...row, reviewer: displayName(first, last) }));
    },

    async savedCarers(userId: string): Promise<ExportRecord[]> {
      const rows = await db
        .select({
          carerProfileId: savedCarers.carerId,
          first: carerProfiles.firstName,
          last: carerProfiles.lastName,
          savedAt: savedCarers.createdAt,
        })
        .from(savedCarers)
        .innerJoin(carerProfiles, eq(carerProfiles.id, savedCarers.carerId))
        .where(eq(savedCarers.customerId, userId))
        .orderBy(asc(savedCarers.createdAt));
      return rows.map(({ first, last, ...row }) => ({ ...row, carer: displayName(first, last) }));
    },

    /** Payments without the payment form's secret. */
    payments: (userId: string): Promise<ExportRecord[]> =>
      db
        .select({
          id: payments.id,
          provider: payments.provider,
          providerReference: payments.providerReference,
          plan: payments.plan,
          amountPence: payments.amountPence,
          currency: payments.currency,
          status: payments.status,
          periodEnd: payments.periodEnd,
          failureMessage: payments.failureMessage,
          paidAt: payments.paidAt,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(asc(payments.createdAt)),

    billingSubscriptions: (userId: string): Promise<ExportRecord[]> =>
      db
        .select({
          id: billingSubscriptions.id,
          purpose: billingSubscriptions.purpose,
          provider: billingSubscriptions.provider,
          providerSubscriptionId: billingSubscriptions.providerSubscriptionId,
          status: billingSubscriptions.status,
          currentPeriodEnd: billingSubscriptions.currentPeriodEnd,
          cancelAtPeriodEnd: billingSubscriptions.cancelAtPeriodEnd,
          createdAt: billingSubscriptions.createdAt,
        })
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.userId, userId))
        .orderBy(asc(billingSubscriptions.createdAt)),

    /** Sessions without their token hash. */
    sessions: (userId: string): Promise<ExportRecord[]> =>
      db
        .select({
          device: sessions.userAgent,
          ipAddress: sessions.ipAddress,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.absoluteExpiresAt,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt)),

    verifications: (carerId: string): Promise<ExportRecord[]> =>
      db
        .select({
          id: carerVerifications.id,
          status: carerVerifications.status,
          dbsLevel: carerVerifications.dbsLevel,
          dbsIssueDate: carerVerifications.dbsIssueDate,
          dbsCertificateNumber: carerVerifications.dbsCertificateNumber,
          dbsUpdateService: carerVerifications.dbsUpdateService,
          rightToWorkMethod: carerVerifications.rightToWorkMethod,
          rightToWorkShareCode: carerVerifications.rightToWorkShareCode,
          rightToWorkExpiresOn: carerVerifications.rightToWorkExpiresOn,
          dbsWorkforce: carerVerifications.dbsWorkforce,
          references: carerVerifications.references,
          dbsDocumentId: carerVerifications.dbsDocumentId,
          rightToWorkDocumentId: carerVerifications.rightToWorkDocumentId,
          photoIdDocumentId: carerVerifications.photoIdDocumentId,
          submittedAt: carerVerifications.submittedAt,
          reviewedAt: carerVerifications.reviewedAt,
          rejectionReason: carerVerifications.rejectionReason,
          dbsDocumentDeletedAt: carerVerifications.dbsDocumentDeletedAt,
        })
        .from(carerVerifications)
        .where(eq(carerVerifications.carerId, carerId))
        .orderBy(asc(carerVerifications.submittedAt)),

    insurance: (carerId: string): Promise<ExportRecord[]> =>
      db
        .select({
          id: carerInsurance.id,
          kind: carerInsurance.kind,
          insurer: carerInsurance.insurer,
          policyNumber: carerInsurance.policyNumber,
          coverPounds: carerInsurance.coverPounds,
          expiresOn: carerInsurance.expiresOn,
          documentId: carerInsurance.documentId,
          status: carerInsurance.status,
          submittedAt: carerInsurance.submittedAt,
          reviewedAt: carerInsurance.reviewedAt,
          rejectionReason: carerInsurance.rejectionReason,
        })
        .from(carerInsurance)
        .where(eq(carerInsurance.carerId, carerId))
        .orderBy(asc(carerInsurance.submittedAt)),

    dbsStatusChecks: (carerId: string): Promise<ExportRecord[]> =>
      db
        .select({
          verificationId: dbsStatusChecks.verificationId,
          checkedOn: dbsStatusChecks.checkedOn,
          result: dbsStatusChecks.result,
          recordedAt: dbsStatusChecks.recordedAt,
        })
        .from(dbsStatusChecks)
        .innerJoin(carerVerifications, eq(carerVerifications.id, dbsStatusChecks.verificationId))
        .where(eq(carerVerifications.carerId, carerId))
        .orderBy(asc(dbsStatusChecks.checkedOn)),

    /** Stored files of the account: those it owns and the documents of its verifications. */
    async uploads(userId: string, documentIds: string[]) {
      return db
        .select({
          id: uploads.id,
          kind: uploads.kind,
          storageKey: uploads.storageKey,
          contentType: uploads.contentType,
          sizeBytes: uploads.sizeBytes,
          createdAt: uploads.createdAt,
        })
        .from(uploads)
        .where(
          or(
            eq(uploads.ownerId, userId),
            documentIds.length > 0 ? inArray(uploads.id, documentIds) : sql`false`,
          ),
        )
        .orderBy(asc(uploads.createdAt));
    },

    /** The family's care requests, with their own postcode. */
    careRequests: (userId: string): Promise<ExportRecord[]> =>
      db
        .select()
        .from(careRequests)
        .where(eq(careRequests.customerId, userId))
        .orderBy(asc(careRequests.createdAt)),

    /** The carer's answers to care requests: the request by its outward code, never the family. */
    async careRequestAnswers(carerId: string): Promise<ExportRecord[]> {
      return db
        .select({
          requestId: careRequestResponses.requestId,
          conversationId: careRequestResponses.conversationId,
          message: careRequestResponses.message,
          createdAt: careRequestResponses.createdAt,
          requestCareType: careRequests.careType,
          requestPostcodeDistrict: careRequests.postcodeDistrict,
        })
        .from(careRequestResponses)
        .innerJoin(careRequests, eq(careRequests.id, careRequestResponses.requestId))
        .where(eq(careRequestResponses.carerId, carerId))
        .orderBy(asc(careRequestResponses.createdAt));
    },

    /** Arrangements on either side, the other person by first name and initial. */
    async arrangements(userId: string, carerId: string | undefined): Promise<ExportRecord[]> {
      const rows = await db
        .select({
          arrangement: arrangements,
          customerFirst: other.firstName,
          customerLast: other.lastName,
          carerFirst: otherProfile.firstName,
          carerLast: otherProfile.lastName,
        })
        .from(arrangements)
        .leftJoin(other, eq(other.id, arrangements.customerId))
        .leftJoin(otherProfile, eq(otherProfile.id, arrangements.carerId))
        .where(
          or(eq(arrangements.customerId, userId), ...(carerId ? [eq(arrangements.carerId, carerId)] : [])),
        )
        .orderBy(asc(arrangements.createdAt));
      return rows.map(({ arrangement, customerFirst, customerLast, carerFirst, carerLast }) => {
        const { customerId: _customer, carerId: _carer, ...terms } = arrangement;
        return {
          ...terms,
          family: arrangement.customerId === userId ? 'you' : displayName(customerFirst, customerLast),
          carer: carerId && arrangement.carerId === carerId ? 'you' : displayName(carerFirst, carerLast),
        };
      });
    },

    /** The visits of those arrangements. */
    async visits(userId: string, carerId: string | undefined): Promise<ExportRecord[]> {
      return db
        .select({
          arrangementId: visits.arrangementId,
          startsAt: visits.startsAt,
          endsAt: visits.endsAt,
          status: visits.status,
          notice: visits.notice,
          noticeNote: visits.noticeNote,
          cancelledAt: visits.cancelledAt,
          checkedInAt: visits.checkedInAt,
          checkedOutAt: visits.checkedOutAt,
          recordedAfterwardsAt: visits.recordedAfterwardsAt,
          recordedReason: visits.recordedReason,
        })
        .from(visits)
        .innerJoin(arrangements, eq(arrangements.id, visits.arrangementId))
        .where(
          or(eq(arrangements.customerId, userId), ...(carerId ? [eq(arrangements.carerId, carerId)] : [])),
        )
        .orderBy(asc(visits.startsAt));
    },

    /** Timesheets where the account is the carer or the family holder, each with its lines. */
    async timesheets(userId: string): Promise<ExportRecord[]> {
      const sheets = await db
        .select()
        .from(timesheets)
        .where(or(eq(timesheets.carerUserId, userId), eq(timesheets.customerId, userId)))
        .orderBy(asc(timesheets.weekStart));
      if (sheets.length === 0) return [];
      const lines = await db
        .select()
        .from(timesheetLines)
        .where(
          inArray(
            timesheetLines.timesheetId,
            sheets.map((sheet) => sheet.id),
          ),
        )
        .orderBy(asc(timesheetLines.date), asc(timesheetLines.createdAt));
      return sheets.map((sheet) => ({
        id: sheet.id,
        arrangementId: sheet.arrangementId,
        role: sheet.carerUserId === userId ? 'carer' : 'family',
        weekStart: sheet.weekStart,
        status: sheet.status,
        submittedAt: sheet.submittedAt,
        approvedAt: sheet.approvedAt,
        autoApproved: sheet.autoApproved,
        lines: lines
          .filter((line) => line.timesheetId === sheet.id)
          .map((line) => ({
            kind: line.kind,
            date: line.date,
            startsAt: line.startsAt,
            endsAt: line.endsAt,
            minutes: line.minutes,
            tenthMiles: line.tenthMiles,
            ratePence: line.ratePence,
            amountPence: line.amountPence,
            note: line.note,
            excluded: line.excluded,
            queryReason: line.queryReason,
          })),
      }));
    },

    /** Invoices and credit notes the account issued (carer) or received (family holder). */
    async invoices(userId: string): Promise<ExportRecord[]> {
      const rows = await db
        .select()
        .from(invoices)
        .where(or(eq(invoices.carerUserId, userId), eq(invoices.customerId, userId)))
        .orderBy(asc(invoices.issuedAt));
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        number: row.number,
        role: row.carerUserId === userId ? 'carer' : 'family',
        creditFor: row.creditFor,
        reason: row.reason,
        issuedAt: row.issuedAt,
        periodStart: row.periodStart,
        periodEnd: row.periodEnd,
        sellerName: row.sellerName,
        sellerAddress: row.sellerAddress,
        vatNumber: row.vatNumber,
        buyerName: row.buyerName,
        buyerAddress: row.buyerAddress,
        lines: row.lines,
        totalPence: row.totalPence,
        status: row.status,
        paidMethod: row.paidMethod,
        paidAt: row.paidAt,
        markedPaidAt: row.markedPaidAt,
      }));
    },

    /** The account's invoicing details (the counters are bookkeeping, left out). */
    async invoicingSettings(userId: string): Promise<ExportRecord[]> {
      const rows = await db.select().from(invoicingSettings).where(eq(invoicingSettings.userId, userId));
      return rows.map(({ lastInvoiceNumber: _last, lastCreditNoteNumber: _lastCredit, ...row }) => row);
    },

    /** The family's own employment-status (HMRC CEST) references, one per carer. */
    async statementReferences(userId: string): Promise<ExportRecord[]> {
      const rows = await db
        .select({
          first: other.firstName,
          last: other.lastName,
          cestReference: statementReferences.cestReference,
          updatedAt: statementReferences.updatedAt,
        })
        .from(statementReferences)
        .leftJoin(other, eq(other.id, statementReferences.carerUserId))
        .where(eq(statementReferences.customerId, userId))
        .orderBy(asc(statementReferences.updatedAt));
      return rows.map(({ first, last, ...row }) => ({ carer: displayName(first, last), ...row }));
    },

    /**
     * Card payments of invoices the account paid, received, or that were for its family: amounts,
     * the platform's fee, status and dates; never the payment form's secret.
     */
    async carePayments(userId: string): Promise<ExportRecord[]> {
      const rows = await db
        .select()
        .from(carePaymentAttempts)
        .where(
          or(
            eq(carePaymentAttempts.payerId, userId),
            eq(carePaymentAttempts.carerId, userId),
            eq(carePaymentAttempts.familyId, userId),
          ),
        )
        .orderBy(asc(carePaymentAttempts.createdAt));
      return rows.map((row) => ({
        id: row.id,
        invoiceId: row.invoiceId,
        invoiceNumber: row.invoiceNumber,
        role: row.carerId === userId ? 'carer' : 'family',
        paidByYou: row.payerId === userId,
        attempt: row.attempt,
        provider: row.provider,
        providerReference: row.providerReference,
        amountPence: row.amountPence,
        feePence: row.feePence,
        status: row.status,
        offSession: row.offSession,
        failureMessage: row.failureMessage,
        refundedPence: row.refundedPence,
        succeededAt: row.succeededAt,
        createdAt: row.createdAt,
      }));
    },

    /** Disputes (chargebacks) on those payments, with how CareMatch handled them. */
    async carePaymentDisputes(userId: string): Promise<ExportRecord[]> {
      return db
        .select({
          invoiceNumber: carePaymentAttempts.invoiceNumber,
          amountPence: carePaymentDisputes.amountPence,
          reason: carePaymentDisputes.reason,
          status: carePaymentDisputes.status,
          openedAt: carePaymentDisputes.openedAt,
          closedAt: carePaymentDisputes.closedAt,
          handledAt: carePaymentDisputes.handledAt,
          handledNote: carePaymentDisputes.handledNote,
        })
        .from(carePaymentDisputes)
        .innerJoin(carePaymentAttempts, eq(carePaymentAttempts.id, carePaymentDisputes.attemptId))
        .where(
          or(
            eq(carePaymentAttempts.payerId, userId),
            eq(carePaymentAttempts.carerId, userId),
            eq(carePaymentAttempts.familyId, userId),
          ),
        )
        .orderBy(asc(carePaymentDisputes.openedAt));
    },

    /** The card saved to pay invoices: brand, last four digits, automatic payment (never the card). */
    async careSavedCard(userId: string): Promise<ExportRecord[]> {
      return db
        .select({
          provider: careSavedCards.provider,
          brand: careSavedCards.brand,
          last4: careSavedCards.last4,
          autoPay: careSavedCards.autoPay,
          createdAt: careSavedCards.createdAt,
          updatedAt: careSavedCards.updatedAt,
        })
        .from(careSavedCards)
        .where(eq(careSavedCards.userId, userId));
    },

    /** The carer's payment account for card payments: its provider, id and state. */
    async carePaymentAccount(userId: string): Promise<ExportRecord[]> {
      return db
        .select({
          provider: carePaymentAccounts.provider,
          accountId: carePaymentAccounts.accountId,
          status: carePaymentAccounts.status,
          chargesEnabled: carePaymentAccounts.chargesEnabled,
          payoutsEnabled: carePaymentAccounts.payoutsEnabled,
          detailsSubmitted: carePaymentAccounts.detailsSubmitted,
          requirementsDue: carePaymentAccounts.requirementsDue,
          lastEventAt: carePaymentAccounts.lastEventAt,
        })
        .from(carePaymentAccounts)
        .where(eq(carePaymentAccounts.userId, userId));
    },

    /** Payouts to the carer's bank account. */
    async carePayouts(userId: string): Promise<ExportRecord[]> {
      return db
        .select({
          provider: carePayouts.provider,
          payoutRef: carePayouts.payoutRef,
          amountPence: carePayouts.amountPence,
          status: carePayouts.status,
          arrivalDate: carePayouts.arrivalDate,
          failureMessage: carePayouts.failureMessage,
          createdAt: carePayouts.createdAt,
        })
        .from(carePayouts)
        .where(eq(carePayouts.carerId, userId))
        .orderBy(asc(carePayouts.createdAt));
    },

    /** The carer's checks that ran out, and when each was put right. */
    async complianceLapses(carerId: string): Promise<ExportRecord[]> {
      return db
        .select({
          checkKind: complianceLapses.checkKind,
          dueOn: complianceLapses.dueOn,
          lapsedAt: complianceLapses.lapsedAt,
          resolvedAt: complianceLapses.resolvedAt,
        })
        .from(complianceLapses)
        .where(eq(complianceLapses.carerId, carerId))
        .orderBy(asc(complianceLapses.lapsedAt));
    },

    /**
     * The notes about those visits (the carer's), with the replies under them: the account's own
     * as "you", another person's by first name and initial.
     */
    async visitNotes(userId: string, carerId: string | undefined): Promise<ExportRecord[]> {
      const mine = or(
        eq(arrangements.customerId, userId),
        ...(carerId ? [eq(arrangements.carerId, carerId)] : []),
      );
      const notes = await db
        .select({
          visitId: visitNotes.visitId,
          arrangementId: visits.arrangementId,
          visitStartsAt: visits.startsAt,
          text: visitNotes.text,
          ticks: visitNotes.ticks,
          writtenAt: visitNotes.writtenAt,
        })
        .from(visitNotes)
        .innerJoin(visits, eq(visits.id, visitNotes.visitId))
        .innerJoin(arrangements, eq(arrangements.id, visits.arrangementId))
        .where(mine)
        .orderBy(asc(visits.startsAt));
      if (notes.length === 0) return [];
      const replies = await db
        .select({
          visitId: visitNoteReplies.visitId,
          authorId: visitNoteReplies.authorId,
          first: other.firstName,
          last: other.lastName,
          text: visitNoteReplies.text,
          createdAt: visitNoteReplies.createdAt,
        })
        .from(visitNoteReplies)
        .leftJoin(other, eq(other.id, visitNoteReplies.authorId))
        .where(
          inArray(
            visitNoteReplies.visitId,
            notes.map((note) => note.visitId),
          ),
        )
        .orderBy(asc(visitNoteReplies.createdAt));
      return notes.map(({ visitId, ...note }) => ({
        ...note,
        replies: replies
          .filter((reply) => reply.visitId === visitId)
          .map((reply) => ({
            by: reply.authorId === userId ? 'you' : displayName(reply.first, reply.last),
            text: reply.text,
            createdAt: reply.createdAt,
          })),
      }));
    },

    /**
     * Cover plans (decision 0037) on both sides: the backups the account named for its
     * arrangements, and the families that named the account's carer profile as a backup.
     */
    async coverBackups(userId: string, carerId: string | undefined): Promise<ExportRecord[]> {
      const named = await db
        .select({
          arrangementId: coverBackups.arrangementId,
          position: coverBackups.position,
          hourlyRate: coverBackups.hourlyRate,
          createdAt: coverBackups.createdAt,
          first: otherProfile.firstName,
          last: otherProfile.lastName,
        })
        .from(coverBackups)
        .innerJoin(arrangements, eq(arrangements.id, coverBackups.arrangementId))
        .leftJoin(otherProfile, eq(otherProfile.id, coverBackups.carerId))
        .where(eq(arrangements.customerId, userId))
        .orderBy(asc(coverBackups.arrangementId), asc(coverBackups.position));
      const namedMe = carerId
        ? await db
            .select({
              position: coverBackups.position,
              hourlyRate: coverBackups.hourlyRate,
              createdAt: coverBackups.createdAt,
              first: other.firstName,
              last: other.lastName,
            })
            .from(coverBackups)
            .innerJoin(arrangements, eq(arrangements.id, coverBackups.arrangementId))
            .leftJoin(other, eq(other.id, arrangements.customerId))
            .where(eq(coverBackups.carerId, carerId))
            .orderBy(asc(coverBackups.createdAt))
        : [];
      return [
        ...named.map(({ first, last, ...row }) => ({
          side: 'your cover plan',
          ...row,
          backup: displayName(first, last),
        })),
        ...namedMe.map(({ first, last, ...row }) => ({
          side: 'you are their backup',
          family: displayName(first, last),
          ...row,
        })),
      ];
    },

    /**
     * Visits offered to backups: those of the account's arrangements or that it offered (as a
     * member of a family circle), and those offered to its carer profile.
     */
    async coverOffers(userId: string, carerId: string | undefined): Promise<ExportRecord[]> {
      const offerer = aliasedTable(users, 'offering_user');
      const fields = {
        visitId: coverOffers.visitId,
        visitStartsAt: visits.startsAt,
        visitEndsAt: visits.endsAt,
        hourlyRate: coverOffers.hourlyRate,
        status: coverOffers.status,
        offeredAt: coverOffers.createdAt,
        answeredAt: coverOffers.answeredAt,
      };
      const ours = await db
        .select({
          ...fields,
          offeredBy: coverOffers.offeredBy,
          offererFirst: offerer.firstName,
          offererLast: offerer.lastName,
          first: otherProfile.firstName,
          last: otherProfile.lastName,
        })
        .from(coverOffers)
        .innerJoin(visits, eq(visits.id, coverOffers.visitId))
        .innerJoin(arrangements, eq(arrangements.id, visits.arrangementId))
        .leftJoin(otherProfile, eq(otherProfile.id, coverOffers.carerId))
        .leftJoin(offerer, eq(offerer.id, coverOffers.offeredBy))
        .where(or(eq(arrangements.customerId, userId), eq(coverOffers.offeredBy, userId)))
        .orderBy(asc(visits.startsAt), asc(coverOffers.createdAt));
      const toMe = carerId
        ? await db
            .select({ ...fields, first: other.firstName, last: other.lastName })
            .from(coverOffers)
            .innerJoin(visits, eq(visits.id, coverOffers.visitId))
            .innerJoin(arrangements, eq(arrangements.id, visits.arrangementId))
            .leftJoin(other, eq(other.id, arrangements.customerId))
            .where(eq(coverOffers.carerId, carerId))
            .orderBy(asc(visits.startsAt))
        : [];
      return [
        ...ours.map(({ first, last, offeredBy, offererFirst, offererLast, ...row }) => ({
          side: 'offered by your family',
          ...row,
          backup: displayName(first, last),
          offeredBy: offeredBy === userId ? 'you' : displayName(offererFirst, offererLast),
        })),
        ...toMe.map(({ first, last, ...row }) => ({
          side: 'offered to you',
          ...row,
          family: displayName(first, last),
        })),
      ];
    },

    /** The account's own circle (its members) and the circles it is in (their holders). */
    async familyCircle(userId: string): Promise<ExportRecord[]> {
      const rows = await db
        .select({
          holderId: circleMembers.holderId,
          role: circleMembers.role,
          joinedAt: circleMembers.createdAt,
          first: other.firstName,
          last: other.lastName,
        })
        .from(circleMembers)
        .innerJoin(
          other,
          sql`${other.id} = case when ${circleMembers.holderId} = ${userId} then ${circleMembers.memberId} else ${circleMembers.holderId} end`,
        )
        .where(or(eq(circleMembers.holderId, userId), eq(circleMembers.memberId, userId)))
        .orderBy(asc(circleMembers.createdAt));
      return rows.map((row) => ({
        circle: row.holderId === userId ? 'yours' : 'theirs',
        person: displayName(row.first, row.last),
        role: row.role,
        joinedAt: row.joinedAt,
      }));
    },

    async circleInvitations(userId: string): Promise<ExportRecord[]> {
      return db
        .select({
          email: circleInvitations.email,
          role: circleInvitations.role,
          createdAt: circleInvitations.createdAt,
          expiresAt: circleInvitations.expiresAt,
          usedAt: circleInvitations.usedAt,
        })
        .from(circleInvitations)
        .where(eq(circleInvitations.holderId, userId))
        .orderBy(asc(circleInvitations.createdAt));
    },

    async notificationSettings(userId: string): Promise<ExportRecord[]> {
      return db
        .select({
          kind: notificationSettings.kind,
          email: notificationSettings.email,
          updatedAt: notificationSettings.updatedAt,
        })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId));
    },

    /** Devices with push on: their names and dates, never the push service address or keys. */
    async pushDevices(userId: string): Promise<ExportRecord[]> {
      return db
        .select({
          label: pushSubscriptions.label,
          userAgent: pushSubscriptions.userAgent,
          createdAt: pushSubscriptions.createdAt,
          lastPushedAt: pushSubscriptions.lastPushedAt,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt));
    },

    async pushSettings(userId: string): Promise<ExportRecord[]> {
      return db
        .select({
          kindsOff: sql<string>`array_to_string(${pushSettings.kindsOff}, ', ')`,
          previews: pushSettings.previews,
          updatedAt: pushSettings.updatedAt,
        })
        .from(pushSettings)
        .where(eq(pushSettings.userId, userId));
    },

    async pushNotices(userId: string): Promise<ExportRecord[]> {
      return db
        .select({
          kind: pushOutbox.kind,
          title: pushOutbox.title,
          body: pushOutbox.body,
          createdAt: pushOutbox.createdAt,
        })
        .from(pushOutbox)
        .where(eq(pushOutbox.userId, userId))
        .orderBy(asc(pushOutbox.createdAt));
    },

    async blocks(userId: string): Promise<ExportRecord[]> {
      const rows = await db
        .select({ first: other.firstName, last: other.lastName, createdAt: userBlocks.createdAt })
        .from(userBlocks)
        .innerJoin(other, eq(other.id, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, userId))
        .orderBy(asc(userBlocks.createdAt));
      return rows.map(({ first, last, createdAt }) => ({ blocked: displayName(first, last), createdAt }));
    },

    /** Reports the account made; the admins' notes and names are not theirs to export. */
    reportsMade: (userId: string): Promise<ExportRecord[]> =>
      db
        .select({
          id: reports.id,
          conversationId: reports.conversationId,
          reviewId: reports.reviewId,
          reason: reports.reason,
          details: reports.details,
          status: reports.status,
          resolution: reports.resolution,
          createdAt: reports.createdAt,
          resolvedAt: reports.resolvedAt,
        })
        .from(reports)
        .where(eq(reports.reporterId, userId))
        .orderBy(asc(reports.createdAt)),

    /**
     * Enquiries the account sent while signed in; never those that only give its address
     * (decision 0019): another person may have written from it before the account existed.
     */
    contactEnquiries: (user: UserRow): Promise<ExportRecord[]> =>
      db
        .select({
          reference: contactEnquiries.reference,
          firstName: contactEnquiries.firstName,
          lastName: contactEnquiries.lastName,
          email: contactEnquiries.email,
          phone: contactEnquiries.phone,
          subject: contactEnquiries.subject,
          message: contactEnquiries.message,
          createdAt: contactEnquiries.createdAt,
        })
        .from(contactEnquiries)
        .where(eq(contactEnquiries.userId, user.id))
        .orderBy(asc(contactEnquiries.createdAt)),

    /** Entries about the account or its profile, or made by it; who acted is said as a role. */
    async auditEntries(userId: string, carerId: string | undefined): Promise<ExportRecord[]> {
      const ids = [userId, ...(carerId ? [carerId] : [])];
      const rows = await db
        .select({
          actorId: auditLog.actorId,
          action: auditLog.action,
          entityType: auditLog.entityType,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          ipAddress: auditLog.ipAddress,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .where(or(inArray(auditLog.entityId, ids), eq(auditLog.actorId, userId)))
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
      return rows.map(({ actorId, ipAddress, ...row }) => ({
        ...row,
        by: actorId === userId ? 'you' : 'CareMatch',
        ipAddress: actorId === userId ? ipAddress : null,
      }));
    },

    emailChangeRequests: (userId: string): Promise<ExportRecord[]> =>
      db
        .select({
          newEmail: emailChangeRequests.newEmail,
          createdAt: emailChangeRequests.createdAt,
          expiresAt: emailChangeRequests.expiresAt,
          usedAt: emailChangeRequests.usedAt,
        })
        .from(emailChangeRequests)
        .where(eq(emailChangeRequests.userId, userId))
        .orderBy(asc(emailChangeRequests.createdAt)),

    passwordResets: (userId: string): Promise<ExportRecord[]> =>
      db
        .select({
          createdAt: passwordResetTokens.createdAt,
          expiresAt: passwordResetTokens.expiresAt,
          usedAt: passwordResetTokens.usedAt,
        })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, userId))
        .orderBy(asc(passwordResetTokens.createdAt)),

    /** Two-factor sign-in: when it was turned on and the recovery codes' dates (never the key or codes). */
    async twoFactor(userId: string): Promise<ExportRecord[]> {
      const [secret] = await db
        .select({ createdAt: twoFactorSecrets.createdAt, enabledAt: twoFactorSecrets.enabledAt })
        .from(twoFactorSecrets)
        .where(eq(twoFactorSecrets.userId, userId));
      const codes = await db
        .select({ createdAt: twoFactorRecoveryCodes.createdAt, usedAt: twoFactorRecoveryCodes.usedAt })
        .from(twoFactorRecoveryCodes)
        .where(eq(twoFactorRecoveryCodes.userId, userId))
        .orderBy(asc(twoFactorRecoveryCodes.createdAt));
      return [
        ...(secret
          ? [
              {
                kind: 'authenticator app',
                createdAt: secret.createdAt,
                enabledAt: secret.enabledAt,
                usedAt: null,
              },
            ]
          : []),
        ...codes.map((code) => ({
          kind: 'recovery code',
          createdAt: code.createdAt,
          enabledAt: null,
          usedAt: code.usedAt,
        })),
      ];
    },

    /**
     * Failed sign-ins naming the address since the account existed: when only (the address they
     * came from may be anyone's). Records keyed by an address and older than the account are not
     * the account's (decision 0019).
     */
    failedSignIns: (email: string, since: Date): Promise<ExportRecord[]> =>
      db
        .select({ failedAt: loginFailures.failedAt })
        .from(loginFailures)
        .where(and(eq(loginFailures.emailKey, email.toLowerCase()), gte(loginFailures.failedAt, since)))
        .orderBy(asc(loginFailures.failedAt)),

    /**
     * Emails sent to the address since the account existed: headers only (bodies may hold links
     * that still work). Older ones went to whoever had the address then (decision 0019).
     */
    emailsSent: (email: string, since: Date): Promise<ExportRecord[]> =>
      db
        .select({
          to: outboxEmails.toAddress,
          subject: outboxEmails.subject,
          createdAt: outboxEmails.createdAt,
          deliveredAt: outboxEmails.deliveredAt,
        })
        .from(outboxEmails)
        .where(
          and(sql`lower(${outboxEmails.toAddress}) = lower(${email})`, gte(outboxEmails.createdAt, since)),
        )
        .orderBy(asc(outboxEmails.createdAt)),
  };
}
export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
