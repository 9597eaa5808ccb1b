/** How a customer is named on screen: first and last name, else the e-mail, else nothing. */
export function customerName(data: Record<string, unknown>): string {
  const name = [data.firstName, data.lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ')
    .trim();
  if (name) return name;
  return typeof data.email === 'string' ? data.email : '';
}
