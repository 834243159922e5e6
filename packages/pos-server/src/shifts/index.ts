/**
 * Cash shifts per terminal: opening one, float entries, closing it with the counted takings, and the X and Z
 * reports the drawer is checked against.
 */
export type { ShiftVariance } from './expectedTakings';
export {
  fillShiftExpectations,
  lockIfClosed,
  refreshExpectedTakings,
  shiftsOpenedIn,
} from './expectedTakings';
export { findOpenShift, openShift, requireOpenShift } from './openShift';
export { shiftRoutes } from './routes';

export type { MethodTotalsSen } from './shiftReport';
export { computeShiftReport, METHOD_COLUMN } from './shiftReport';
