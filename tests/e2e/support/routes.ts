import { paths } from '../../../src/contracts/paths';

/** The records a route's `:id` is filled with. */
export interface RouteRecords {
  carerId: string;
  conversationId: string;
  arrangementId: string;
  /** A timesheet and an invoice the signed-in person may see; unknown ones show the page's "could not load". */
  timesheetId?: string;
  invoiceId?: string;
}

/** An id no record has: the page's own not-found state, laid out like the rest. */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Navigations the server answers itself (sign-in and sign-out), not pages. */
const SERVER_NAVIGATIONS = new Set<string>([paths.apiLogin, paths.apiLogout]);

/**
 * Every page of the web app's route table (`@contracts/paths`, plus the arrangement print page
 * whose path is written in the router), with each `:id` filled from `records`. A path added to
 * `paths` joins the list by itself; one with a parameter this does not know fails loudly.
 */
export function everyRoute(records: RouteRecords): string[] {
  const fill = (pattern: string) =>
    pattern.replace(/:(\w+)/g, (_, name: string) => {
      if (pattern.startsWith(`${paths.carers}/`)) return records.carerId;
      if (pattern.startsWith(`${paths.messages}/`)) return records.conversationId;
      if (pattern.startsWith(`${paths.timesheets}/`)) return records.timesheetId ?? UNKNOWN_ID;
      if (pattern.startsWith(`${paths.invoices}/`)) return records.invoiceId ?? UNKNOWN_ID;
      throw new Error(`everyRoute does not know the :${name} of ${pattern}`);
    });
  return [
    ...Object.values(paths)
      .filter((path) => !SERVER_NAVIGATIONS.has(path))
      .map(fill),
    `${paths.myCare}/${records.arrangementId}/print`,
  ];
}
