import { describe, expect, it } from 'vitest';
import type { Ranked } from './listing.ts';
import { CatalogueReadModel, type PageAsked } from './read-model.ts';

interface Item {
  id: number;
  name: string;
}

const ranked = (items: Item[]): Ranked<Item>[] =>
  items.map((item, index) => ({
    item,
    categoryId: 1,
    rank: { views: index + 1, added: index + 1, editors: index + 1 },
  }));

/** A read model over `catalogue` (changed by the test), with a clock the test moves. */
function model(catalogue: { items: Item[] }, maxItems = 100) {
  const clock = { now: 1_000_000 };
  const calls = { loads: 0, encodes: 0 };
  let failNext = false;
  let gate: Promise<void> | undefined;
  const readModel = new CatalogueReadModel<Item>({
    load: async (limit) => {
      calls.loads += 1;
      const items = [...catalogue.items];
      await gate;
      if (failNext) {
        failNext = false;
        throw new Error('the database is away');
      }
      return items.length > limit ? 'too many' : ranked(items);
    },
    encode: (item, locale) => {
      calls.encodes += 1;
      return JSON.stringify({ id: item.id, name: locale === 'ru-latn' ? `latn:${item.name}` : item.name });
    },
    freshMs: 2000,
    maxItems,
    recountMs: 60_000,
    now: () => clock.now,
  });
  return {
    readModel,
    clock,
    calls,
    failOnce: () => {
      failNext = true;
    },
    hold: () => {
      let open = (): void => undefined;
      gate = new Promise((resolve) => {
        open = resolve;
      });
      return () => {
        gate = undefined;
        open();
      };
    },
  };
}

const first: PageAsked = { order: 'views', category: undefined, page: 1, size: 2 };
const parse = (json: string | undefined) => JSON.parse(json ?? 'null') as { count: number; results: Item[] };

describe('CatalogueReadModel', () => {
  it('pages what it read, as an answer JSON, encoding each item once per reading and script', async () => {
    const catalogue = { items: [1, 2, 3].map((id) => ({ id, name: `n${String(id)}` })) };
    const { readModel, calls } = model(catalogue);
    expect(parse(await readModel.page(first, 'ru-cyrl'))).toEqual({ count: 3, results: catalogue.items.slice(0, 2) });
    expect(await readModel.page({ ...first, page: 2 }, 'ru-cyrl')).toBe('{"count":3,"results":[{"id":3,"name":"n3"}]}');
    await readModel.page(first, 'ru-cyrl');
    expect(parse(await readModel.page(first, 'ru-latn')).results[0]?.name).toBe('latn:n1');
    expect(calls).toEqual({ loads: 1, encodes: 5 });
  });

  it('reads again once its reading is as old as the answers may be, and at once after a change', async () => {
    const catalogue = { items: [{ id: 1, name: 'old' }] };
    const { readModel, clock, calls } = model(catalogue);
    await readModel.page(first, 'ru-cyrl');
    catalogue.items = [{ id: 1, name: 'new' }];
    clock.now += 1999;
    expect(parse(await readModel.page(first, 'ru-cyrl')).results[0]?.name).toBe('old');
    clock.now += 1;
    expect(parse(await readModel.page(first, 'ru-cyrl')).results[0]?.name).toBe('new');
    catalogue.items = [{ id: 1, name: 'edited' }];
    readModel.changed();
    expect(parse(await readModel.page(first, 'ru-cyrl')).results[0]?.name).toBe('edited');
    expect(calls.loads).toBe(3);
  });

  it('reads once for pages asked together, and never answers a change with a reading begun before it', async () => {
    const catalogue = { items: [{ id: 1, name: 'before' }] };
    const { readModel, calls, hold } = model(catalogue);
    const open = hold();
    const together = [readModel.page(first, 'ru-cyrl'), readModel.page(first, 'ru-cyrl')];
    catalogue.items = [{ id: 1, name: 'after' }];
    readModel.changed();
    const afterChange = readModel.page(first, 'ru-cyrl');
    open();
    const answers = (await Promise.all([...together, afterChange])).map((json) => parse(json).results[0]?.name);
    expect(answers).toEqual(['before', 'before', 'after']);
    expect(calls.loads).toBe(2);
    expect(parse(await readModel.page(first, 'ru-cyrl')).results[0]?.name).toBe('after');
    expect(calls.loads).toBe(2);
  });

  it('leaves a catalogue larger than it keeps to the database, and counts it again later', async () => {
    const catalogue = { items: [1, 2, 3].map((id) => ({ id, name: 'x' })) };
    const { readModel, clock, calls } = model(catalogue, 2);
    expect(await readModel.page(first, 'ru-cyrl')).toBeUndefined();
    clock.now += 30_000;
    expect(await readModel.page(first, 'ru-cyrl')).toBeUndefined();
    expect(calls.loads).toBe(1);
    catalogue.items = catalogue.items.slice(0, 2);
    clock.now += 30_000;
    expect(parse(await readModel.page(first, 'ru-cyrl')).count).toBe(2);
  });

  it('passes a failed reading on and tries again on the next page', async () => {
    const catalogue = { items: [{ id: 1, name: 'a' }] };
    const { readModel, failOnce } = model(catalogue);
    failOnce();
    await expect(readModel.page(first, 'ru-cyrl')).rejects.toThrow('the database is away');
    expect(parse(await readModel.page(first, 'ru-cyrl')).count).toBe(1);
  });
});
