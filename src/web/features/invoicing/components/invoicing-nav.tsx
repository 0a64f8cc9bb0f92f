import { NavLink } from 'react-router';
import { paths } from '@contracts/paths';
import { useAuth } from '@web/lib/auth';
import { cn } from '@web/lib/utils';

/** The pages of timesheets, invoices and the records made of them, one tap apart. */
export function InvoicingNav() {
  const { user } = useAuth();
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium underline-offset-4 hover:underline',
      isActive ? 'bg-secondary text-secondary-foreground' : 'text-primary',
    );
  return (
    <nav aria-label="Timesheets and invoices" className="flex flex-wrap gap-1">
      <NavLink to={paths.timesheets} end className={link}>
        Timesheets
      </NavLink>
      <NavLink to={paths.invoices} end className={link}>
        Invoices
      </NavLink>
      {user?.userType === 'carer' ? (
        <NavLink to={paths.earnings} className={link}>
          Earnings
        </NavLink>
      ) : (
        <NavLink to={paths.statements} className={link}>
          Monthly statements
        </NavLink>
      )}
      <NavLink to={paths.invoicing} className={link}>
        Invoicing details
      </NavLink>
    </nav>
  );
}
