import type { Pos } from 'pos-sdk';
import { createContext } from 'react';

/** The one `Pos` instance of the app, provided by `PosProvider`. */
export const PosContext = createContext<Pos | null>(null);
