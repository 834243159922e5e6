import { Outlet } from 'react-router';
import { AppearanceProvider } from '../appearance/AppearanceProvider';
import { Toaster } from '../components/Toaster';
import { DialogHost } from '../dialogs/DialogHost';

/** Above every route: the URL appearance options, the toasts and the app-wide dialogs. */
export function RootLayout() {
  return (
    <AppearanceProvider>
      <DialogHost>
        <Outlet />
      </DialogHost>
      <Toaster />
    </AppearanceProvider>
  );
}
