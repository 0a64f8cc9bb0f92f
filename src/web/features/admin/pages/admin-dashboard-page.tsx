import { ADMIN_TEXT } from '@contracts/admin';
import { ADMIN_OVERVIEW_TEXT } from '@contracts/admin-overview';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { usePageTitle } from '@web/lib/use-page-title';
import { AdminOverviewPanel } from '../components/admin-overview';
import { AuditLogList } from '@web/features/audit';
import { AdminOnly } from '../components/admin-only';
import { AdminPageLayout } from '../components/admin-page-layout';
import { CarerTable, CustomerTable } from '../components/account-tables';
import { SafeguardingQueue } from '@web/features/safeguarding';
import { AdminMoneyPanel } from '@web/features/care-payments';
import { SubscriptionStatusMenu } from '../components/subscription-status-menu';
import { VerificationQueue, ComplianceQueue } from '@web/features/verification';
import { useTabParam } from '@web/lib/use-tab-param';

const DASHBOARD_TABS = [
  'overview',
  'customers',
  'carers',
  'verifications',
  'compliance',
  'safeguarding',
  'payments',
  'audit',
] as const;

function AdminDashboard() {
  const [tab, setTab] = useTabParam(DASHBOARD_TABS);
  return (
    <AdminPageLayout title="Admin Dashboard" subtitle="Manage customer subscriptions and carer profiles.">
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Admin dashboard sections" className="h-auto flex-wrap">
          <TabsTrigger value="overview">{ADMIN_OVERVIEW_TEXT.tab}</TabsTrigger>
          <TabsTrigger value="customers">{ADMIN_TEXT.customerAccountsTab}</TabsTrigger>
          <TabsTrigger value="carers">{ADMIN_TEXT.carerProfilesTab}</TabsTrigger>
          <TabsTrigger value="verifications">Verifications</TabsTrigger>
          <TabsTrigger value="compliance">Insurance and renewals</TabsTrigger>
          <TabsTrigger value="safeguarding">Safeguarding</TabsTrigger>
          <TabsTrigger value="payments">Payments to carers</TabsTrigger>
          <TabsTrigger value="audit">Audit Log</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <AdminOverviewPanel onOpen={setTab} />
        </TabsContent>
        <TabsContent value="customers">
          <CustomerTable
            source="admin"
            text={{
              label: 'Customer accounts',
              searchLabel: 'Search customer accounts',
              noun: 'customers',
              loading: ADMIN_TEXT.loadingCustomers,
              failed: 'We could not load the customer accounts. Please try again.',
              empty: ADMIN_TEXT.noCustomerAccounts,
            }}
            actions={(customer) => <SubscriptionStatusMenu customer={customer} route="dashboard" />}
          />
        </TabsContent>
        <TabsContent value="carers">
          <CarerTable
            source="admin"
            text={{
              label: 'Carer profiles',
              searchLabel: 'Search carer profiles',
              noun: 'carer profiles',
              loading: ADMIN_TEXT.loadingCarers,
              failed: 'We could not load the carer profiles. Please try again.',
              empty: ADMIN_TEXT.noCarerProfiles,
            }}
          />
        </TabsContent>
        <TabsContent value="verifications">
          <VerificationQueue />
        </TabsContent>
        <TabsContent value="compliance">
          <ComplianceQueue />
        </TabsContent>
        <TabsContent value="safeguarding">
          <SafeguardingQueue />
        </TabsContent>
        <TabsContent value="payments">
          <AdminMoneyPanel />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLogList />
        </TabsContent>
      </Tabs>
    </AdminPageLayout>
  );
}

/** /admin-dashboard (product §2): signed-in admins only; dates in en-GB, as on every admin screen. */
export function AdminDashboardPage() {
  usePageTitle('Admin Dashboard');
  return (
    <AdminOnly>
      <AdminDashboard />
    </AdminOnly>
  );
}
