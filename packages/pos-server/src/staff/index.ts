/**
 * The staff members: the approvers a discount may name, the PIN check that issues an approval, and the back
 * office's staff list (add, edit, disable, reset password or PIN), each change audited.
 */
export type { NewStaff } from './addStaff';
export { addStaff } from './addStaff';
export { staffRoutes } from './routes';
export { staffDisplayName } from './staffDisplayName';
export { staffNames } from './staffNames';
