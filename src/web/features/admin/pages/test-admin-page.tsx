import { useEffect } from 'react';
import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { ADMIN_CONFIRM, ADMIN_TEXT, ADMIN_TOASTS, type AdminCarer } from '@contracts/admin';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { RatingSummary } from '@web/components/star-rating';
import { formatRateRange } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { useDeleteCarer } from '../api/admin-carers';
import { useCarerList } from '../api/admin-lists';
import { AdminListTab } from '../components/admin-list-tab';
import { carerName } from '../components/admin-names';
import { AdminOnly } from '../components/admin-only';
import { AdminPageLayout } from '../components/admin-page-layout';
import { CarerDialog } from '../components/carer-dialog';
import { useConfirmedDelete } from '../components/confirmed-delete';
import { CarerPhoto } from '../components/customer-avatar';

function TestCarerCard({
  carer,
  onDelete,
  deleting,
}: {
  carer: AdminCarer;
  onDelete: (carer: AdminCarer) => void;
  deleting: boolean;
}) {
  const name = carerName(carer);
  const qualifications = carer.qualifications.slice(0, 3);
  return (
    <Card className="flex h-full flex-col gap-4 p-4 sm:p-6" data-testid="test-carer-card">
      <div className="flex gap-4">
        <CarerPhoto carer={carer} className="size-16" />
        <div className="grid min-w-0 content-start gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold">{name}</h2>
            {carer.isVerified ? <Badge variant="success">{ADMIN_TEXT.verified}</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">{carer.specialization}</p>
        </div>
      </div>
      <dl className="grid gap-1 text-sm">
        <div className="flex gap-1">
          <dt className="font-medium">Experience:</dt>
          <dd>{carer.experience}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-medium">Rate:</dt>
          <dd>{formatRateRange(carer.hourlyRateMin, carer.hourlyRateMax)}</dd>
        </div>
        <div className="flex items-start gap-1">
          <dt>
            <MapPin aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
            <span className="sr-only">Location:</span>
          </dt>
          <dd>{carer.location}</dd>
        </div>
        <div className="flex items-center gap-1">
          <dt className="sr-only">Rating:</dt>
          <dd>
            <RatingSummary rating={carer.rating} reviewCount={carer.reviewCount} />
          </dd>
        </div>
      </dl>
      <p className="line-clamp-3 text-sm text-muted-foreground">{carer.description}</p>
      {qualifications.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Qualifications">
          {qualifications.map((item) => (
            <li key={item}>
              <Badge variant="outline">{item}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <CarerDialog
          mode="testEdit"
          carer={carer}
          trigger={
            <Button variant="outline" size="sm">
              <Pencil aria-hidden="true" />
              Edit<span className="sr-only">{` ${name}`}</span>
            </Button>
          }
        />
        <Button variant="destructive" size="sm" disabled={deleting} onClick={() => onDelete(carer)}>
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only">{` ${name}`}</span>
        </Button>
      </div>
    </Card>
  );
}

function TestAdmin() {
  // Paged by the server: 'Load more' under the grid.
  const carers = useCarerList('test', '');
  // Deleting asks first, naming the carer and what goes.
  const remove = useConfirmedDelete<AdminCarer>({
    remove: useDeleteCarer(),
    text: {
      title: (carer) => ADMIN_CONFIRM.deleteCarerTitle(carerName(carer)),
      body: ADMIN_CONFIRM.deleteCarerBody,
      button: ADMIN_CONFIRM.deleteCarerButton,
      deleted: ADMIN_TOASTS.testCarerDeleted,
      failed: () => ADMIN_TOASTS.testDeleteCarerFailed,
    },
  });

  // Product §8: 'Failed to load carers'.
  useEffect(() => {
    if (carers.isError)
      toast({
        variant: 'destructive',
        title: ADMIN_TOASTS.errorTitle,
        description: ADMIN_TOASTS.testLoadCarersFailed,
      });
  }, [carers.isError]);

  return (
    <AdminPageLayout
      title={ADMIN_TEXT.testAdminTitle}
      subtitle="Create, edit and remove carer profiles."
      actions={
        <CarerDialog
          mode="testCreate"
          trigger={
            <Button>
              <Plus aria-hidden="true" />
              {ADMIN_TEXT.addCarerWithPhoto}
            </Button>
          }
        />
      }
    >
      <AdminListTab
        list={carers}
        loading="Loading carers..."
        failed={ADMIN_TOASTS.testLoadCarersFailed}
        empty={ADMIN_TEXT.noCarersYet}
        emptyAction={
          <CarerDialog
            mode="testCreate"
            trigger={
              <Button className="mt-6">
                <Plus aria-hidden="true" />
                {ADMIN_TEXT.addFirstCarer}
              </Button>
            }
          />
        }
        label="Carers"
        noun="carers"
        listRef={remove.listRef}
        className="grid gap-6 md:grid-cols-2 xl:grid-cols-3"
        itemClassName="flex min-w-0 flex-col"
        renderItem={(carer) => (
          <TestCarerCard carer={carer} onDelete={remove.ask} deleting={remove.deleting} />
        )}
      >
        {remove.dialog}
      </AdminListTab>
    </AdminPageLayout>
  );
}

/** /test-admin (product §2), an admin tool (product.md, difference 6). */
export function TestAdminPage() {
  usePageTitle(ADMIN_TEXT.testAdminTitle);
  return (
    <AdminOnly>
      <TestAdmin />
    </AdminOnly>
  );
}
