import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { PosProvider } from '../pos/PosProvider';
import { createAppRouter } from './router';

/** The cashier app: one `Pos` for everything below, and the routes. */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <PosProvider>
      <RouterProvider router={router} />
    </PosProvider>
  );
}
