/** Query parameter that opens a customer by e-mail over the current screen (document 2 §2 routes). */
export const CUSTOMER_EMAIL_PARAM = 'customerEmail';
const PROJECT_PARAM = 'project';

/** The current path with ?customerEmail={email}, plus &project={p} in the super-project. */
export function customerEmailLink(pathname: string, search: string, email: string, projectId: string, inSuperProject: boolean): string {
  const params = new URLSearchParams(search);
  params.set(CUSTOMER_EMAIL_PARAM, email);
  if (inSuperProject) params.set(PROJECT_PARAM, projectId);
  return `${pathname}?${params.toString()}`;
}

/** The same path without the customer. */
export function withoutCustomerEmail(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(CUSTOMER_EMAIL_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
