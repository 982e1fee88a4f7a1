// The time source, and the calendar arithmetic of the schedules (written once, in the contract,
// for the server and the web app alike).
export { addDays, clockTimeIn, dateIn, instantOf, zoneOffsetMs } from '@efir/contract';

/** The time source: the real clock in production, a fixed or moving one in tests. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
