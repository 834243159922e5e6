/** A member's phone as shown: '+60 123456789'; none is ''. */
export function formatPhone(phone: { country_code: string; number: string } | null | undefined): string {
  return phone ? `+${phone.country_code} ${phone.number}` : '';
}
