// The audit log's call: a page of entries, filtered as the address says.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callKey, studio } from '../../lib/api.ts';

export interface AuditFilter {
  page: number;
  actor?: string;
  entity?: string;
  action?: string;
  from?: string;
  to?: string;
}

export function auditQuery(filter: AuditFilter) {
  return queryOptions({
    queryKey: callKey('audit', { query: filter }),
    queryFn: ({ signal }) => studio('audit', { query: filter, signal }),
    placeholderData: keepPreviousData,
  });
}
