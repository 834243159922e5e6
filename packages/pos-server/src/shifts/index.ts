export { findOpenShift, openShift, requireOpenShift } from './openShift';
export { shiftRoutes } from './routes';

export type { MethodTotalsSen } from './shiftReport';
export { computeShiftReport, METHOD_COLUMN } from './shiftReport';
