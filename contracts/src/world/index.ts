export * from './collections.ts';
export * from './common.ts';
export * from './customer-auth.ts';
export * from './device-status.ts';
export * from './gen1.ts';
export * from './gen1-panels.ts';
export * from './gen1-readings.ts';
export * from './history.ts';
export * from './hub.ts';
// hubIdHex is also exported by ../hub-commands.ts; one of the two must go before both can be re-exported.
export { hubIdFromSearch } from './hub-id.ts';
export * from './ids.ts';
export * from './mac.ts';
export * from './product.ts';
export * from './records.ts';
export * from './serial.ts';
export * from './statistics.ts';
export * from './structure.ts';
export * from './user.ts';
