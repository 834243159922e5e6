/**
 * The manager's reports: the sales summary of a period (the back office's dashboard), read from the hourly sales
 * roll-up that triggers keep (migration 0027).
 */
export { reportRoutes } from './routes';
export { salesSummary } from './salesSummary';
