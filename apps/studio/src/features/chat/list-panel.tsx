// A panel of one list the moderation screen reads: its heading, then what went wrong, the list,
// or why it is empty.
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { problemOf } from '../../lib/api.ts';

export function ListPanel<T>(props: {
  title: string;
  query: UseQueryResult<T[]>;
  /** Said when the list is empty. */
  empty: string;
  /** Between the heading and the list: what the list is for, a form that adds to it. */
  intro?: ReactNode;
  /** The list, labelled by the panel's heading. */
  children: (list: T[], headingId: string) => ReactNode;
}) {
  const headingId = useId();
  const list = props.query.data ?? [];
  return (
    <section className="panel stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      {props.intro}
      {props.query.isError ? (
        <p className="alert" role="alert">
          {problemOf(props.query.error)}
        </p>
      ) : list.length === 0 ? (
        <p className="muted">{props.query.isPending ? 'Загрузка…' : props.empty}</p>
      ) : (
        props.children(list, headingId)
      )}
    </section>
  );
}
