// Texts of the demo catalogue (programmes, radio, slides, polls, chat and page copy written into
// an empty database) live in texts.json, data an editor can change without touching code. They
// are checked against these shapes once, when the module loads, so a broken edit fails at start
// with the field's path rather than as a half-written demo.
import { readFileSync } from 'node:fs';
import { aboutSchema } from '@efir/contract';
import { z } from 'zod';

const video = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1),
  sujet: z.string().min(1),
  censored: z.union([z.literal(0), z.literal(6), z.literal(12), z.literal(16), z.literal(18), z.literal(99)]),
  durationSeconds: z.number().int().positive(),
});
const radio = z.strictObject({
  name: z.string().min(1),
  author: z.string().min(1),
  durationSeconds: z.number().int().positive(),
});
const slide = z.strictObject({
  name: z.string().min(1),
  tags: z.array(z.strictObject({ name: z.string().min(1), color: z.union([z.literal(0), z.literal(1)]) })),
});
const names = z.array(z.string().min(1)).min(1);

const demoTexts = z.strictObject({
  videoCategories: z.array(z.strictObject({ name: z.string().min(1), videos: z.array(video).min(1) })).min(1),
  radioCategories: z.array(z.strictObject({ name: z.string().min(1), radios: z.array(radio).min(1) })).min(1),
  slideshows: z.strictObject({ main: z.array(slide), radios: z.array(slide), catalog: z.array(slide) }),
  radioListingGroupNames: names,
  polls: z.array(z.strictObject({ question: z.string().min(1), variants: names })).min(1),
  about: aboutSchema.omit({ id: true, poster: true }).strict(),
  videoTickers: names,
  programmeTickers: names,
  adNames: z.strictObject({ video: names, radio: names }),
  chatMessages: z.array(z.strictObject({ name: z.string().min(1), message: z.string().min(1) })),
  searchPicks: names,
  finishedText: z.string().min(1),
});

type DemoTexts = z.infer<typeof demoTexts>;

/** Reads and checks a texts file; the error names the file and the first wrong field. */
export function readDemoTexts(file: URL): DemoTexts {
  const parsed = demoTexts.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file.pathname}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

export const {
  videoCategories,
  radioCategories,
  slideshows,
  radioListingGroupNames,
  polls,
  about,
  videoTickers,
  programmeTickers,
  adNames,
  chatMessages,
  searchPicks,
  finishedText,
} = readDemoTexts(new URL('./texts.json', import.meta.url));
