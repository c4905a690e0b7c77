/** What a code's destination shows of an address: enough to recognise it, not to read it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `***-****-${digits.slice(-4)}`;
}
