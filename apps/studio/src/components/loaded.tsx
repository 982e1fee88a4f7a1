// A screen's data once a query has it: until then «Загрузка…», and a failure in the editor's words.
import type { ReactNode } from 'react';
import { problemOf } from '../lib/api.ts';

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
  if (props.query.data === undefined) {
    return (
      <p className="muted" role="status">
        Загрузка…
      </p>
    );
  }
  return props.children(props.query.data);
}
