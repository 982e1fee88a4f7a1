export * from './constants.ts';
export * from './entities.ts';
export * from './calls.ts';
export * from './transliteration.ts';
export * from './calendar.ts';
export * from './chat-text.ts';
export * from './embeds.ts';
