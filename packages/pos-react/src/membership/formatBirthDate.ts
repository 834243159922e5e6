/**
 * A birth date ('YYYY-MM-DD') the way the product shows dates: 'DD-MM-YYYY'. Anything else is shown as
 * it came; none is ''.
 *
 * @example formatBirthDate('1990-05-17') // '17-05-1990'
 */
export function formatBirthDate(dob: string | null | undefined): string {
  if (!dob) return '';
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  return parts ? `${parts[3]}-${parts[2]}-${parts[1]}` : dob;
}
