import { createContext } from 'react';
import { type Appearance, DEFAULT_APPEARANCE } from './appearance';

/** The appearance chosen by the URL options (`useAppearance()`). */
export const AppearanceContext = createContext<Appearance>(DEFAULT_APPEARANCE);
