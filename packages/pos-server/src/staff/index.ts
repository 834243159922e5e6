export type { NewStaff } from './addStaff';
export { addStaff } from './addStaff';
export { staffRoutes } from './routes';
export { staffDisplayName } from './staffDisplayName';
export { staffNames } from './staffNames';
