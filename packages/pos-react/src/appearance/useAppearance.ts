import { useContext } from 'react';
import { AppearanceContext } from './AppearanceContext';
import type { Appearance } from './appearance';

/** The theme, navigation style and layout type in force. */
export function useAppearance(): Appearance {
  return useContext(AppearanceContext);
}
