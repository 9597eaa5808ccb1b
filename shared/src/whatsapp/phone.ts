/**
 * Phone numbers as WhatsApp sees them. Brazilian mobiles gained a ninth digit (a leading 9 after
 * the area code) from 2012 on; WhatsApp accounts created before keep a `wa_id` without it, so one
 * customer may be written +55 11 98765-4321 in our records and come back as 551187654321. The key
 * below is the same for both, and is what recipients, opt-outs and statuses are matched by.
 */

/** Only the digits. */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * The canonical key of a number (digits, country code first) or null when it cannot be a WhatsApp
 * number. A Brazilian national number (10 or 11 digits, area code first) gets 55; a Brazilian
 * mobile written without the ninth digit (55 + area code + 8 digits starting 6–9) gets it back.
 */
export function whatsappPhoneKey(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  let digits = phoneDigits(text);
  if (digits.startsWith('00')) digits = digits.slice(2);
  const international = text.trim().startsWith('+') || text.trim().startsWith('00');
  // 10 or 11 digits cannot be 55 + a Brazilian number (12 or 13): a national number, even in area 55 (RS).
  if (!international && (digits.length === 10 || digits.length === 11)) digits = `55${digits}`;
  digits = withNinthDigit(digits);
  if (digits.length < 10 || digits.length > 15) return null;
  return digits;
}

/** A Brazilian mobile written without the ninth digit (55 + area code + 8 digits starting 6–9) gets it back. */
function withNinthDigit(digits: string): string {
  return /^55[1-9]\d[6-9]\d{7}$/.test(digits) ? `${digits.slice(0, 4)}9${digits.slice(4)}` : digits;
}

/**
 * The key of a number that is already international — a key made above, or what WhatsApp itself
 * gives (a webhook's `from`, `wa_id` and `recipient_id`, a send's `wa_id`: country code first,
 * digits only, no '+'). Never read as a Brazilian national number: Meta's own example sender
 * 16315551181 (US) is not the Brazilian 55 16 31555-1181, and a short foreign number (a 9-digit
 * Faroese one) is a number. The ninth digit is restored only for Brazil (55).
 */
export function internationalPhoneKey(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const digits = withNinthDigit(phoneDigits(text));
  // E.164: up to 15 digits; the shortest in use are 8 (country code and a 5-digit number: the Falklands, Niue…).
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** Whether two international numbers (keys, WhatsApp ids) are the same WhatsApp user. */
export function sameWhatsappUser(a: string, b: string): boolean {
  const x = internationalPhoneKey(a);
  return x !== null && x === internationalPhoneKey(b);
}

/** Whether two numbers reach the same WhatsApp user. */
export function samePhone(a: string, b: string): boolean {
  const x = whatsappPhoneKey(a);
  return x !== null && x === whatsappPhoneKey(b);
}

/** A number shown without giving it away whole (logs, answers): +55 11 9****-4321. */
export function maskPhone(text: string): string {
  const digits = phoneDigits(text);
  if (digits.length < 6) return '****';
  return `+${digits.slice(0, 2)} ${digits.slice(2, 4)} ${'*'.repeat(Math.max(digits.length - 8, 1))}-${digits.slice(-4)}`;
}

/**
 * The ways a store may have written the number of a key in a customer record (phoneNumber is free
 * text): with and without +, the country code and, for a Brazilian mobile, the ninth digit. Used
 * to look a WhatsApp sender up by equality (Firestore `in`, at most 30 values); the answer is then
 * checked with samePhone.
 */
export function phoneKeyVariants(key: string): string[] {
  const canonical = internationalPhoneKey(key);
  if (!canonical) return [];
  const digits = [canonical];
  if (/^55[1-9]\d9\d{8}$/.test(canonical)) digits.push(`${canonical.slice(0, 4)}${canonical.slice(5)}`);
  const out = new Set<string>();
  for (const d of digits) {
    out.add(d);
    out.add(`+${d}`);
    if (d.startsWith('55')) {
      const national = d.slice(2);
      const ddd = national.slice(0, 2);
      const local = national.slice(2);
      const cut = local.length - 4;
      out.add(national);
      out.add(`+55 ${ddd} ${local.slice(0, cut)}-${local.slice(cut)}`);
      out.add(`+55 (${ddd}) ${local.slice(0, cut)}-${local.slice(cut)}`);
      out.add(`(${ddd}) ${local.slice(0, cut)}-${local.slice(cut)}`);
      out.add(`${ddd} ${local.slice(0, cut)}-${local.slice(cut)}`);
    }
  }
  return [...out];
}
