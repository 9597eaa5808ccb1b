// The readiness feature's parts, for the product panel, the product list and the home screen.
export { ReadinessChecklist } from './components/readiness-checklist';
export { useStoreChannels } from './use-store-channels';
export { ReadinessFilter, ReadinessRowBadge, StoreChannelsProvider, readinessConstraints } from './components/readiness-list';
export { ReadinessByChannel } from './components/readiness-by-channel';
