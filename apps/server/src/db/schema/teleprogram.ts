import { programmeDayTable } from './programme-day.ts';

/** One day of a video channel. */
export const teleprogram = programmeDayTable('teleprogram', 'tv');
