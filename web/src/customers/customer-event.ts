import { customerDisplayNumber } from '@console/shared';
import { toDate } from '../form-engine/value-formats';
import { CUSTOMER_ID_PARAM, PROJECT_PARAM } from './constants';

/** A customer event as the feed shows it (spec document 2 §3 'Customer event'). */
export interface CustomerEvent {
  id: string;
  projectId: string;
  customerId: string;
  customerNumber: number | null;
  action: string;
  url: string;
  productCode: string;
  search: string;
  zipcode: string;
  zipcodeRegion: string;
  bot: string;
  deviceType: string;
  deviceBrand: string;
  ip: string;
  ipCity: string;
  ipRegion: string;
  layoutRules: { id: string; name: string }[];
  createdAt: Date | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Reads one stored event; missing or odd fields become empty rather than breaking the feed. */
export function toCustomerEvent(id: string, data: Record<string, unknown>, pathProjectId: string): CustomerEvent {
  const device = record(data.device);
  const about = record(data.about);
  const customerId = text(data.customerId);
  return {
    id,
    // The document's path is the truth; the field is what the cross-store query filters on.
    projectId: pathProjectId || text(data.projectId) || text(data.project),
    customerId,
    customerNumber: customerId ? customerDisplayNumber(customerId) : null,
    action: text(data.action),
    url: text(record(data.location).url),
    productCode: text(data.ProductCode),
    search: text(data.search),
    zipcode: text(data.zipcode),
    zipcodeRegion: text(data.zipcodeRegion),
    bot: text(record(device.bot).name),
    deviceType: text(record(device.device).type),
    deviceBrand: text(record(device.device).brand),
    ip: text(about.ip),
    ipCity: text(about.ipCity),
    ipRegion: text(about.ipRegion),
    layoutRules: Array.isArray(data.layoutRules)
      ? data.layoutRules
          .map(record)
          .filter((r) => text(r.id))
          .map((r) => ({ id: text(r.id), name: text(r.name) || text(r.id) }))
      : [],
    createdAt: toDate(data.createdAt),
  };
}

/** The page part of a URL ("/p/123/panela"), which is what an operator scans for; the URL itself otherwise. */
export function locationPath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}` || url;
  } catch {
    return url;
  }
}

/** "a, b, c" of the non-empty parts. */
export const joinParts = (...parts: string[]) => parts.filter(Boolean).join(' · ');

/**
 * The link opening a customer: the current path with ?customerId={id}, plus &project={p} in the
 * super-project, where the event may come from another store (spec document 2 §2 routes).
 */
export function customerLink(pathname: string, search: string, customerId: string, projectId: string, inSuperProject: boolean): string {
  const params = new URLSearchParams(search);
  params.set(CUSTOMER_ID_PARAM, customerId);
  if (inSuperProject) params.set(PROJECT_PARAM, projectId);
  else params.delete(PROJECT_PARAM);
  return `${pathname}?${params.toString()}`;
}

/** The link that closes the customer: the same path without the customer parameters. */
export function withoutCustomer(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(CUSTOMER_ID_PARAM);
  params.delete(PROJECT_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
