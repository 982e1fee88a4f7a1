// The audit log: every change made through the studio, the operators' calls or the command line,
// newest first: when, who, what, from where, and the entity before and after. Filters live in the
// address, so a search can be bookmarked and shared with another admin.
import { type AuditEntry, studioLimits } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { type SubmitEvent, useId } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSteps, Table } from '../../components/table.tsx';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { type AuditFilter, auditQuery } from './api.ts';
import { auditActionLabel, auditEntities, auditEntityLabel } from './labels.ts';
import { CallProblem } from '../../components/fields.tsx';
import { dayInWords, EntryChange, savedDay } from './entry-change.tsx';

const filterNames = ['actor', 'entity', 'action', 'from', 'to'] as const;
const datePattern = /^\d{4}-\d{2}-\d{2}$/u;

function filterOf(params: URLSearchParams): AuditFilter {
  const page = params.get('page');
  const filter: AuditFilter = { page: page !== null && /^[1-9]\d{0,4}$/u.test(page) ? Number(page) : 1 };
  for (const name of filterNames) {
    const value = params.get(name)?.trim();
    if (value === undefined || value === '') continue;
    if ((name === 'from' || name === 'to') && !datePattern.test(value)) continue;
    filter[name] = value;
  }
  return filter;
}

const headings = ['Когда', 'Кто', 'Действие', 'Что', 'Адрес', { label: 'Изменение', hidden: true }] as const;

function Row({ entry }: { entry: AuditEntry }) {
  const day = savedDay(entry);
  return (
    <tr>
      <td>{formatDateTime(entry.at)}</td>
      <td>{entry.actor}</td>
      <td>
        {auditActionLabel(entry.action)}
        <code className="audit__code">{entry.action}</code>
      </td>
      <td>
        {auditEntityLabel(entry.entity)}
        {day === undefined
          ? entry.entityId === null
            ? null
            : ` № ${String(entry.entityId)}`
          : `, ${dayInWords(day.date)}`}
      </td>
      <td>{entry.address}</td>
      <td>
        <EntryChange entry={entry} />
      </td>
    </tr>
  );
}

export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const entries = useQuery(auditQuery(filter));
  const formId = useId();
  const count = entries.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / studioLimits.auditPageSize));
  const go = (page: number): void => {
    const next = new URLSearchParams(params);
    if (page === 1) next.delete('page');
    else next.set('page', String(page));
    setParams(next);
  };
  const search = (event: SubmitEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of filterNames) {
      const value = data.get(name);
      if (typeof value === 'string' && value.trim() !== '') next.set(name, value.trim());
    }
    setParams(next);
  };
  return (
    <>
      <PageHeader
        title="Журнал изменений"
        about="Кто, что и когда менял: в студии, через API операторов и в командной строке."
      />
      <form className="panel filters" onSubmit={search} aria-label="Фильтр журнала" key={params.toString()}>
        <div className="field">
          <label htmlFor={`${formId}-actor`}>Кто</label>
          <input id={`${formId}-actor`} name="actor" className="input" defaultValue={filter.actor ?? ''} />
        </div>
        <div className="field">
          <label htmlFor={`${formId}-entity`}>Что</label>
          <select id={`${formId}-entity`} name="entity" className="select" defaultValue={filter.entity ?? ''}>
            <option value="">Всё</option>
            {auditEntities.map((entity) => (
              <option key={entity.value} value={entity.value}>
                {entity.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${formId}-action`}>Действие</label>
          <input
            id={`${formId}-action`}
            name="action"
            className="input"
            placeholder="video.update, session.login…"
            defaultValue={filter.action ?? ''}
          />
        </div>
        <div className="field">
          <label htmlFor={`${formId}-from`}>С</label>
          <input id={`${formId}-from`} name="from" type="date" className="input" defaultValue={filter.from ?? ''} />
        </div>
        <div className="field">
          <label htmlFor={`${formId}-to`}>До</label>
          <input id={`${formId}-to`} name="to" type="date" className="input" defaultValue={filter.to ?? ''} />
        </div>
        <div className="row filters__actions">
          <button type="submit" className="button button--primary">
            Найти
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setParams(new URLSearchParams());
            }}
          >
            Сбросить
          </button>
        </div>
      </form>
      <CallProblem call={entries} />
      <div className="stack">
        <Table
          caption="Журнал изменений"
          query={entries}
          headings={headings}
          rows={entries.data?.results ?? []}
          none="Записей нет."
          row={(entry) => <Row key={entry.id} entry={entry} />}
        />
        <div className="pager">
          <span>
            Всего записей: {formatNumber(count)} · страница {filter.page} из {pages}
          </span>
          <div className="row">
            <PageSteps
              page={filter.page}
              pages={pages}
              position={false}
              onPrevious={() => {
                go(filter.page - 1);
              }}
              onNext={() => {
                go(filter.page + 1);
              }}
            />
          </div>
        </div>
      </div>
    </>
  );
}
