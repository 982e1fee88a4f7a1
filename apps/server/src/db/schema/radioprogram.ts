import { programmeDayTable } from './programme-day.ts';

/** One day of an audio channel. */
export const radioprogram = programmeDayTable('radioprogram', 'radio');
