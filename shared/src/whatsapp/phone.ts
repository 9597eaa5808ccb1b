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
  if (/^55[1-9]\d[6-9]\d{7}$/.test(digits)) digits = `${digits.slice(0, 4)}9${digits.slice(4)}`;
  if (digits.length < 10 || digits.length > 15) return null;
  return digits;
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
  const canonical = whatsappPhoneKey(key);
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
