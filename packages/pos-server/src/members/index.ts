export { checkMember } from './checkMember';
export type { MemberRow } from './memberToWire';
export { membersById, memberToWire, phoneOf } from './memberToWire';
export { upsertMember } from './upsertMember';
