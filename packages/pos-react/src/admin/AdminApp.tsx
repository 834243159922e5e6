import './admin.css';
import { Link, Route, Routes, useLocation } from 'react-router';
import { Spinner } from '../components/Spinner';
import { useSession } from '../hooks/useSession';
import { AuditScreen } from './audit/AuditScreen';
import { CatalogueScreen } from './catalogue/CatalogueScreen';
import { DashboardScreen } from './dashboard/DashboardScreen';
import { EinvoicesScreen } from './einvoice/EinvoicesScreen';
import { ManagersOnly } from './ManagersOnly';
import { MembershipsScreen } from './memberships/MembershipsScreen';
import { AdminOrdersScreen } from './orders/AdminOrdersScreen';
import { OutboxScreen } from './outbox/OutboxScreen';
import { SettingsScreen } from './settings/SettingsScreen';
import { ShiftsScreen } from './shifts/ShiftsScreen';
import { StaffScreen } from './staff/StaffScreen';
import { StockScreen } from './stock/StockScreen';
import { TerminalsScreen } from './terminals/TerminalsScreen';
import { useManagerAccess } from './useManagerAccess';

/** The back office's sections, in the order of its navigation. */
const SECTIONS: readonly { to: string; label: string; end: boolean }[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/orders', label: 'Orders', end: false },
  { to: '/admin/shifts', label: 'Shifts', end: false },
  { to: '/admin/catalogue', label: 'Catalogue', end: false },
  { to: '/admin/stock', label: 'Stock', end: false },
  { to: '/admin/memberships', label: 'Memberships', end: false },
  { to: '/admin/staff', label: 'Staff', end: false },
  { to: '/admin/terminals', label: 'Terminals', end: false },
  { to: '/admin/settings', label: 'Settings', end: false },
  { to: '/admin/audit', label: 'Audit log', end: false },
  { to: '/admin/outbox', label: 'Mail', end: false },
  { to: '/admin/einvoices', label: 'E-invoices', end: false },
];

const linkClass = (isActive: boolean) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 font-semibold ${
    isActive
      ? 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

/**
 * The manager's back office (`/admin`): loaded only when opened, never with the cashier's screens. A staff member
 * who is not a manager gets 'Managers only' and stays signed in.
 */
export function AdminApp() {
  const access = useManagerAccess();
  const { displayName } = useSession();
  // Links, not react-router's NavLink: the router is part of the till's first load, and NavLink would add to it.
  const { pathname } = useLocation();
  if (access.state === 'checking') {
    return (
      <div className="grid min-h-dvh place-items-center" role="status" aria-label="Loading the back office">
        <Spinner />
      </div>
    );
  }
  if (access.state === 'not-manager') return <ManagersOnly name={displayName} />;
  return (
    <div className="min-h-dvh bg-slate-100 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2">
          <span className="text-xl font-extrabold tracking-tight text-brand-700 dark:text-brand-200">
            POS <span className="font-semibold text-slate-500 dark:text-slate-400">· Admin</span>
          </span>
          <nav aria-label="Back office" className="flex flex-wrap gap-1">
            {SECTIONS.map((section) => {
              const isActive =
                pathname === section.to || (!section.end && pathname.startsWith(`${section.to}/`));
              return (
                <Link
                  key={section.to}
                  to={section.to}
                  aria-current={isActive ? 'page' : undefined}
                  className={linkClass(isActive)}
                >
                  {section.label}
                </Link>
              );
            })}
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="text-slate-600 dark:text-slate-300">{displayName}</span>
            <Link to="/main" className={linkClass(false)}>
              Back to the till
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-3 py-4">
        {access.state === 'failed' ? (
          <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-100">
            {access.message}
          </p>
        ) : (
          <Routes>
            <Route index element={<DashboardScreen terminals={access.terminals} />} />
            <Route path="orders" element={<AdminOrdersScreen terminals={access.terminals} />} />
            <Route path="shifts" element={<ShiftsScreen terminals={access.terminals} />} />
            <Route path="catalogue" element={<CatalogueScreen />} />
            <Route path="stock" element={<StockScreen />} />
            <Route path="memberships" element={<MembershipsScreen />} />
            <Route path="staff" element={<StaffScreen />} />
            <Route path="terminals" element={<TerminalsScreen />} />
            <Route path="settings" element={<SettingsScreen />} />
            <Route path="audit" element={<AuditScreen />} />
            <Route path="outbox" element={<OutboxScreen />} />
            <Route path="einvoices" element={<EinvoicesScreen />} />
          </Routes>
        )}
      </main>
    </div>
  );
}
