export { membershipRoutes } from './routes';
