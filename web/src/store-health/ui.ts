// The home screen's store health counters.
export { HealthCounters } from './health-counters';
