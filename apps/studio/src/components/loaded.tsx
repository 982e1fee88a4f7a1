// A screen's data once a query has it: until then «Загрузка…», and a failure in the editor's words.
import type { ReactNode } from 'react';
import { problemOf } from '../lib/api.ts';

/** What shows while a screen or its data loads; `aria-busy`, so a check can wait for none to be left. */
export function Loading({ what = 'Загрузка…' }: { what?: string }) {
  return (
    <p className="muted" role="status" aria-busy="true">
      {what}
    </p>
  );
}

export function Loaded<T>(props: {
  query: { data: T | undefined; isError: boolean; error: unknown };
  children: (data: T) => ReactNode;
}) {
  if (props.query.isError) {
    return (
      <p className="alert" role="alert">
        {problemOf(props.query.error)}
      </p>
    );
  }
  if (props.query.data === undefined) return <Loading />;
  return props.children(props.query.data);
}
