import { useState } from 'react';
import { ADMIN_TEXT, type AdminCarer, type AdminCustomer } from '@contracts/admin';
import { ADMIN_OVERVIEW_TEXT } from '@contracts/admin-overview';
import { subscriptionDisplayState } from '@web/features/subscriptions';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { formatDateUSShort, formatRateRange } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { useCarerList, useCustomerList } from '../api/admin-lists';
import { AdminListTab } from '../components/admin-list-tab';
import { AdminOverviewPanel } from '../components/admin-overview';
import { AuditLogList } from '@web/features/audit';
import { carerName, customerName, dashboardPlanPrice } from '../components/admin-names';
import { AdminOnly } from '../components/admin-only';
import { AdminPageLayout, ListStatus } from '../components/admin-page-layout';
import { CarerPhoto, CustomerAvatar } from '../components/customer-avatar';
import { SafeguardingQueue } from '@web/features/safeguarding';
import { AdminMoneyPanel } from '@web/features/care-payments';
import { SubscriptionStatusMenu } from '../components/subscription-status-menu';
import { VerificationQueue, ComplianceQueue } from '@web/features/verification';
import { useTabParam } from '@web/lib/use-tab-param';
import { CustomerBillingBadge } from '../components/customer-billing-badge';

const BADGE_VARIANT = { Active: 'success', Expired: 'destructive', 'No Subscription': 'muted' } as const;

function CustomerRow({ customer }: { customer: AdminCustomer }) {
  const state = subscriptionDisplayState(customer);
  const price = dashboardPlanPrice(customer.subscriptionType);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6 md:flex-row md:items-center md:justify-between">
      <div className="flex min-w-0 gap-4">
        <CustomerAvatar customer={customer} fallback="initials" />
        <div className="grid min-w-0 gap-1">
          <h2 className="text-lg font-semibold">{customerName(customer)}</h2>
          <p className="text-sm break-all text-muted-foreground">{customer.email}</p>
          <p className="text-sm text-muted-foreground">
            {`${ADMIN_TEXT.joined} ${formatDateUSShort(customer.createdAt)}`}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <Badge variant={BADGE_VARIANT[state]}>{state}</Badge>
        {customer.suspendedAt ? <Badge variant="destructive">Suspended</Badge> : null}
        <CustomerBillingBadge customer={customer} />
        {price ? <span className="font-medium">{price}</span> : null}
        {customer.subscriptionExpiresAt ? (
          <span className="text-muted-foreground">
            {`${ADMIN_TEXT.expires} ${formatDateUSShort(customer.subscriptionExpiresAt)}`}
          </span>
        ) : null}
        <SubscriptionStatusMenu customer={customer} route="dashboard" />
      </div>
    </Card>
  );
}

function CarerProfileCard({ carer }: { carer: AdminCarer }) {
  return (
    <Card className="flex h-full gap-4 p-4 sm:p-6">
      <CarerPhoto carer={carer} />
      <div className="grid min-w-0 content-start gap-1">
        <h2 className="text-lg font-semibold">{carerName(carer)}</h2>
        <p className="text-sm text-muted-foreground">{carer.specialization}</p>
        <p className="text-sm">{carer.location}</p>
        <p className="text-sm font-medium">{formatRateRange(carer.hourlyRateMin, carer.hourlyRateMax)}</p>
        <Badge variant={carer.isVerified ? 'success' : 'muted'} className="mt-1">
          {carer.isVerified ? ADMIN_TEXT.verified : ADMIN_TEXT.unverified}
        </Badge>
      </div>
    </Card>
  );
}

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
  // Both lists are paged and searched by the server.
  const [customerQ, setCustomerQ] = useState('');
  const [carerQ, setCarerQ] = useState('');
  const customers = useCustomerList('admin', customerQ);
  const carers = useCarerList('admin', carerQ);
  if (customers.isPending || carers.isPending) return <ListStatus>{ADMIN_TEXT.loadingDashboard}</ListStatus>;
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
          <AdminListTab
            list={customers}
            failed="We could not load the customer accounts. Please try again."
            search={{ label: 'Search customer accounts', q: customerQ, onSearch: setCustomerQ }}
            empty={ADMIN_TEXT.noCustomerAccounts}
            label="Customer accounts"
            noun="customers"
            renderItem={(customer) => <CustomerRow customer={customer} />}
          />
        </TabsContent>
        <TabsContent value="carers">
          <AdminListTab
            list={carers}
            failed="We could not load the carer profiles. Please try again."
            search={{ label: 'Search carer profiles', q: carerQ, onSearch: setCarerQ }}
            empty={ADMIN_TEXT.noCarerProfiles}
            label="Carer profiles"
            noun="carer profiles"
            className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
            renderItem={(carer) => <CarerProfileCard carer={carer} />}
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

/** /admin-dashboard (product §2): signed-in admins only; dates in the en-US short style. */
export function AdminDashboardPage() {
  usePageTitle('Admin Dashboard');
  return (
    <AdminOnly>
      <AdminDashboard />
    </AdminOnly>
  );
}
