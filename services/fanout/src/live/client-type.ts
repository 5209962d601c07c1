/** The rule lives in the contracts, shared with hub-control's timeline (its filters match the monitor's). */
export { clientTypeOf } from '@console/contracts';
