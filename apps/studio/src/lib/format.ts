// How the studio writes figures: durations, dates and times in the schedules' zone, sizes.

const dateTime = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium' });
const number = new Intl.NumberFormat('ru-RU');

/** HH:MM:SS, or M:SS under an hour. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (value: number): string => String(value).padStart(2, '0');
  return h > 0 ? `${String(h)}:${pad(m)}:${pad(s)}` : `${String(m)}:${pad(s)}`;
}

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return date.format(new Date(iso));
}

export function formatNumber(value: number): string {
  return number.format(value);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${number.format(Math.ceil(bytes / 1024))} КБ`;
  if (bytes < 1024 ** 3)
    return `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 }).format(bytes / 1024 ** 2)} МБ`;
  return `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(bytes / 1024 ** 3)} ГБ`;
}

/** The time left, said as a person would: «≈ 2 мин 10 с». */
export function formatEta(seconds: number): string {
  if (seconds < 60) return `≈ ${String(Math.max(1, Math.round(seconds)))} с`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `≈ ${String(minutes)} мин ${String(Math.round(seconds % 60))} с`;
  return `≈ ${String(Math.floor(minutes / 60))} ч ${String(minutes % 60)} мин`;
}

/** The word for a count, by Russian's three forms: «1 запись», «3 записи», «5 записей». */
export function plural(count: number, one: string, few: string, many: string): string {
  const tens = count % 100;
  const ones = count % 10;
  if (ones === 1 && tens !== 11) return one;
  if (ones >= 2 && ones <= 4 && (tens < 12 || tens > 14)) return few;
  return many;
}
