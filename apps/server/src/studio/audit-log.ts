// The audit log as the studio reads it: a page of entries, each day of a channel with the titles
// of the programmes its versions name, so that a save reads as programmes rather than ids.
import type { AuditEntry, ChannelKind } from '@efir/contract';
import type { Channels } from '../channels/channel-service.ts';
import type { Db } from '../db/database.ts';
import { type AuditFilter, auditPage, type AuditRow } from '../repositories/audit.ts';
import { scheduleMediaRows } from '../repositories/studio-schedule.ts';

const dayPrefix = 'schedule-';

/** The programme ids a saved day names (`scheduleSnapshot`'s items). */
function programmeIds(snapshot: unknown): number[] {
  if (typeof snapshot !== 'object' || snapshot === null || !('items' in snapshot)) return [];
  const { items } = snapshot;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) =>
    typeof item === 'object' && item !== null && 'id' in item && typeof item.id === 'number' ? [item.id] : [],
  );
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    address: row.address,
  };
}

export async function auditLogPage(
  db: Db,
  channels: Channels,
  filter: AuditFilter,
  page: number,
  size: number,
): Promise<{ count: number; results: AuditEntry[] }> {
  const { count, rows } = await auditPage(db, filter, page, size);
  const days = rows.filter((row) => row.entity.startsWith(dayPrefix));
  if (days.length === 0) return { count, results: rows.map(toAuditEntry) };
  const kinds = new Map((await channels.list()).map((channel) => [channel.slug, channel.kind]));
  const kindOf = (row: AuditRow): ChannelKind | undefined => kinds.get(row.entity.slice(dayPrefix.length));
  const named = new Map<ChannelKind, Map<number, string>>();
  for (const kind of new Set(days.map(kindOf))) {
    if (kind === undefined) continue;
    const ids = days
      .filter((row) => kindOf(row) === kind)
      .flatMap((row) => [...programmeIds(row.before), ...programmeIds(row.after)]);
    const media = await scheduleMediaRows(db, kind, ids);
    named.set(kind, new Map([...media.values()].map((item) => [item.id, item.name])));
  }
  return {
    count,
    results: rows.map((row) => {
      const entry = toAuditEntry(row);
      const kind = kindOf(row);
      const titles = kind === undefined ? undefined : named.get(kind);
      if (titles === undefined) return entry;
      const ids = new Set([...programmeIds(row.before), ...programmeIds(row.after)]);
      const names: Record<string, string> = {};
      for (const id of ids) {
        const name = titles.get(id);
        if (name !== undefined) names[String(id)] = name;
      }
      return { ...entry, names };
    }),
  };
}
