// The customers feature's components, for the events screen.
export { CustomerDrawer } from './components/customer-drawer';
export { EventDetails, eventColumns } from './components/event-columns';
export { StorePicker } from './components/store-picker';
