/**
 * The members that membership passes are sold and renewed to: checking the member of a sale, keeping them by
 * email, and their contract form.
 */
export { checkMember } from './checkMember';
export type { MemberRow } from './memberToWire';
export { membersById, memberToWire, phoneOf } from './memberToWire';
export { upsertMember } from './upsertMember';
