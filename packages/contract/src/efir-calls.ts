// The schemas of Efir's own public calls (efirCallRoutes): what the site adds beside the spec's
// calls, for pages the spec does not have, such as the switcher between channels.
import { z } from 'zod';
import { efirCallRoutes, withRoutes } from './call-routes.ts';
import { channelSchema } from './schedule.ts';

/** A channel with what it airs now. */
export const channelOnAirSchema = channelSchema.extend({
  playlist: z.string().describe("the live playlist's path on the media port, as players take it"),
  now: z
    .object({
      name: z.string(),
      start: z.number().describe('milliseconds since the Unix epoch'),
      end: z.number(),
    })
    .nullable()
    .describe('the item on air, or null between items and off the air'),
});
export type ChannelOnAir = z.infer<typeof channelOnAirSchema>;

export const efirCalls = withRoutes(efirCallRoutes, {
  channelsOnAir: { response: z.array(channelOnAirSchema) },
});
