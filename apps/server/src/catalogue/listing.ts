// A catalogue's published items held in memory in each of its orders, paged the way the
// database pages them (SPEC §2: popular, new, the editors' order; by category or all).
import type { PageOrder } from '../repositories/prepared.ts';
import type { SearchText } from '../search/search-index.ts';

/** An item with its category, its place (1-based) in each order as the database ranked it, and its search texts. */
export interface Ranked<T> {
  item: T;
  categoryId: number;
  rank: Record<PageOrder, number>;
  text?: SearchText;
}

export class Listing<T> {
  readonly size: number;
  readonly entries: readonly Ranked<T>[];
  private readonly ordered: Record<PageOrder, Ranked<T>[]>;
  /** A category's items in an order, made the first time that category is asked for. */
  private readonly ofCategory = new Map<string, T[]>();
  private readonly all: Record<PageOrder, T[]>;

  constructor(entries: readonly Ranked<T>[]) {
    this.size = entries.length;
    this.entries = entries;
    const sortBy = (order: PageOrder): Ranked<T>[] => [...entries].sort((a, b) => a.rank[order] - b.rank[order]);
    this.ordered = { views: sortBy('views'), added: sortBy('added'), editors: sortBy('editors') };
    this.all = {
      views: this.ordered.views.map((entry) => entry.item),
      added: this.ordered.added.map((entry) => entry.item),
      editors: this.ordered.editors.map((entry) => entry.item),
    };
  }

  /** Page `page` (from 1) of `size` items, and how many items there are in all. */
  page(order: PageOrder, category: number | undefined, page: number, size: number): { count: number; items: T[] } {
    const items = category === undefined ? this.all[order] : this.category(order, category);
    const from = (page - 1) * size;
    return { count: items.length, items: items.slice(from, from + size) };
  }

  private category(order: PageOrder, category: number): T[] {
    const key = `${order}:${String(category)}`;
    let items = this.ofCategory.get(key);
    if (items === undefined) {
      items = this.ordered[order].filter((entry) => entry.categoryId === category).map((entry) => entry.item);
      this.ofCategory.set(key, items);
    }
    return items;
  }
}
