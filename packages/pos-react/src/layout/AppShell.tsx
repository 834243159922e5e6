import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import type { LayoutType } from '../appearance/appearance';
import { useAppearance } from '../appearance/useAppearance';
import { Icon } from '../components/Icon';
import { NavDrawer } from './NavDrawer';
import { NavLinks } from './NavLinks';
import { OfflineBanner } from './OfflineBanner';
import { ScreenBoundary } from './ScreenBoundary';
import { TerminalName } from './TerminalName';
import { UserMenu } from './UserMenu';

/** The page frame per `layout-type`: edge to edge, a centred box, or a framed page. */
const FRAMES: Record<LayoutType, { outer: string; inner: string }> = {
  full: { outer: 'h-dvh', inner: 'h-full' },
  boxed: {
    outer: 'h-dvh bg-slate-300 dark:bg-black',
    inner: 'mx-auto h-full max-w-[1280px] shadow-2xl ring-1 ring-slate-900/10',
  },
  framed: {
    outer: 'h-dvh bg-slate-800 p-2 sm:p-3 dark:bg-black',
    inner: 'h-full overflow-hidden rounded-2xl ring-1 ring-white/10',
  },
};

/**
 * The signed-in frame: header (menu button, POS title, user menu), the offline banner while the
 * server cannot be reached, the navigation (a sidebar from 992 px, a drawer below) and the screen. `nav-style` picks the sidebar's form on wide screens.
 */
export function AppShell() {
  const { navStyle, layoutType } = useAppearance();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const frame = FRAMES[layoutType];
  const drawerButtonClass = navStyle === 'drawer' ? '' : 'min-[992px]:hidden';
  return (
    <div className={frame.outer}>
      <div className={`flex flex-col bg-slate-100 dark:bg-slate-950 ${frame.inner}`}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:p-3 focus:font-semibold"
        >
          Skip to content
        </a>
        <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-2 dark:border-slate-800 dark:bg-slate-900">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open navigation"
            className={`grid size-12 place-items-center rounded-xl text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${drawerButtonClass}`}
          >
            <Icon name="menu" />
          </button>
          <Link
            to="/main"
            className="rounded-lg px-2 py-1 text-xl font-extrabold tracking-tight text-brand-700 dark:text-brand-200"
          >
            POS
          </Link>
          <TerminalName />
          {navStyle === 'horizontal' ? (
            <nav aria-label="Main" className="ml-4 max-[991px]:hidden">
              <NavLinks layout="row" />
            </nav>
          ) : null}
          <div className="ml-auto">
            <UserMenu />
          </div>
        </header>
        <OfflineBanner />
        <div className="flex min-h-0 flex-1">
          {navStyle === 'fixed' || navStyle === 'mini' ? (
            <nav
              aria-label="Main"
              className={`shrink-0 border-r border-slate-200 bg-white p-3 max-[991px]:hidden dark:border-slate-800 dark:bg-slate-900 ${
                navStyle === 'mini' ? 'w-20' : 'w-52'
              }`}
            >
              <NavLinks layout={navStyle === 'mini' ? 'rail' : 'column'} />
            </nav>
          ) : null}
          <main id="main" className="min-w-0 flex-1 overflow-hidden max-[991px]:overflow-y-auto">
            <ScreenBoundary path={pathname}>
              <Outlet />
            </ScreenBoundary>
          </main>
        </div>
      </div>
      <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </div>
  );
}
