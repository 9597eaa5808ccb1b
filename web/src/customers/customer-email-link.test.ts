import { describe, expect, it } from 'vitest';
import { customerEmailLink, withoutCustomerEmail } from './customer-email-link';

describe('customerEmailLink', () => {
  it('adds customerEmail to the current path, and project in the super-project', () => {
    expect(customerEmailLink('/console/customer-segment/vip', '', 'ana@x.com', 'cookstore', false)).toBe(
      '/console/customer-segment/vip?customerEmail=ana%40x.com',
    );
    expect(customerEmailLink('/console/campaign-email/bf', '?a=1', 'ana@x.com', 'main', true)).toBe(
      '/console/campaign-email/bf?a=1&customerEmail=ana%40x.com&project=main',
    );
    expect(withoutCustomerEmail('/x', '?customerEmail=a%40b.c&project=main')).toBe('/x?project=main');
  });
});
