import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AppearanceContext } from './AppearanceContext';
import { type Appearance, appearanceFromSearch, readStoredAppearance, storeAppearance } from './appearance';

/**
 * Reads the URL options `theme`, `nav-style` and `layout-type` on every navigation and keeps them
 * (in `localStorage`) for the pages that follow, so `?theme=dark` once is enough. Applies the
 * theme to `<html>` (`dark` class) for the whole page, dialogs and toasts included.
 */
export function AppearanceProvider({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const [appearance, setAppearance] = useState<Appearance>(() =>
    appearanceFromSearch(search, readStoredAppearance(window.localStorage)),
  );

  useEffect(() => {
    setAppearance((current) => {
      const next = appearanceFromSearch(search, current);
      return next.theme === current.theme &&
        next.navStyle === current.navStyle &&
        next.layoutType === current.layoutType
        ? current
        : next;
    });
  }, [search]);

  useEffect(() => {
    storeAppearance(window.localStorage, appearance);
    const root = document.documentElement;
    root.classList.toggle('dark', appearance.theme === 'dark');
    root.dataset.navStyle = appearance.navStyle;
    root.dataset.layoutType = appearance.layoutType;
  }, [appearance]);

  return <AppearanceContext.Provider value={appearance}>{children}</AppearanceContext.Provider>;
}
