import { describe, expect, it } from 'vitest';
import { customerDisplayNumber } from '@console/shared';
import { customerLink, locationPath, toCustomerEvent, withoutCustomer } from './customer-event';

const stored = {
  ProductCode: '809635537',
  about: { ip: '177.42.45.1', ipCity: 'São Paulo', ipRegion: 'SP' },
  action: 'shipping_quote',
  createdAt: new Date('2026-11-19T23:29:23.000Z'),
  customerId: 'CBIsO8JDeK4mVQ7K9TAJ',
  device: { bot: { name: '' }, device: { brand: 'Apple', type: 'smartphone' } },
  layoutRules: [{ id: 'black-week-cook', name: 'Black Week Cook Store' }, { name: 'sem id' }],
  location: { url: 'https://www.cookstore.demo.test/p/809635537/liquidificador?x=1' },
  projectId: 'cookstore',
  search: null,
  zipcode: '01553326',
  zipcodeRegion: 'SP',
};

describe('toCustomerEvent', () => {
  it('reads a stored event into the fields the feed shows', () => {
    const event = toCustomerEvent('e1', stored, 'cookstore');
    expect(event).toMatchObject({
      id: 'e1',
      projectId: 'cookstore',
      customerNumber: customerDisplayNumber('CBIsO8JDeK4mVQ7K9TAJ'),
      action: 'shipping_quote',
      productCode: '809635537',
      search: '',
      zipcode: '01553326',
      bot: '',
      deviceType: 'smartphone',
      deviceBrand: 'Apple',
      ipCity: 'São Paulo',
      ipRegion: 'SP',
      layoutRules: [{ id: 'black-week-cook', name: 'Black Week Cook Store' }],
    });
    expect(event.createdAt?.toISOString()).toBe('2026-11-19T23:29:23.000Z');
  });

  it('turns a malformed event into empty cells instead of failing', () => {
    const event = toCustomerEvent('e2', { device: 'x', layoutRules: 'y', createdAt: 'nope' }, 'main');
    expect(event).toMatchObject({ customerNumber: null, deviceType: '', layoutRules: [], createdAt: null, projectId: 'main' });
  });
});

describe('locationPath', () => {
  it('keeps the page path and query of a URL, and leaves other text alone', () => {
    expect(locationPath('https://www.cookstore.demo.test/p/1/panela?x=1')).toBe('/p/1/panela?x=1');
    expect(locationPath('not a url')).toBe('not a url');
  });
});

describe('customerLink', () => {
  it('adds customerId to the current path, and the store in the super-project', () => {
    expect(customerLink('/console/events', '', 'c1', 'cookstore', true)).toBe('/console/events?customerId=c1&project=cookstore');
    expect(customerLink('/console/events', '?customerId=old', 'c1', 'cookstore', false)).toBe('/console/events?customerId=c1');
  });

  it('closes back to the path without the customer parameters', () => {
    expect(withoutCustomer('/console/events', '?customerId=c1&project=main&x=2')).toBe('/console/events?x=2');
    expect(withoutCustomer('/console/events', '?customerId=c1')).toBe('/console/events');
  });
});
