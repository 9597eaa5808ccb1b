import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS, WORKER_ENDPOINTS } from '@console/shared';
import { endpoints } from './index.js';
import { workerEndpoints } from '../sync/workers.js';

describe('the served endpoints', () => {
  it("serve every contract of shared/src/api exactly once (the features' lists together)", () => {
    const served = endpoints.map((e) => e.contract);
    expect(new Set(served).size).toBe(served.length);
    expect(new Set(served)).toEqual(new Set(API_ENDPOINTS));
  });

  it('run the worker contracts, and only them, from the sync queue', () => {
    expect(workerEndpoints.map((served) => served.contract)).toEqual([...WORKER_ENDPOINTS]);
  });
});
