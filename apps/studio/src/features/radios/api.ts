// The radio calls the studio's radio screens make: one query per call and input, and the changes,
// each dropping what it makes stale.
import type { RadioFields, StudioRadio } from '@efir/contract';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { callKey, queryClient, studio } from '../../lib/api.ts';
import { callQuery, type ListQuery } from '../../lib/list-query.ts';

export const radioSorts = ['added', 'name', 'plays', 'duration'] as const;
export type RadioSort = (typeof radioSorts)[number];

export const radioCategoriesQuery = queryOptions({
  queryKey: callKey('radioCategories'),
  queryFn: ({ signal }) => studio('radioCategories', { signal }),
});

export function radiosQuery(list: ListQuery<RadioSort>) {
  const query = callQuery(list);
  return queryOptions({
    queryKey: callKey('radios', { query }),
    queryFn: ({ signal }) => studio('radios', { query, signal }),
    placeholderData: keepPreviousData,
    // While something is being made, its progress is followed.
    refetchInterval: (state) =>
      state.state.data?.results.some((radio) => radio.media === 'preparing') === true ? 2000 : false,
  });
}

export function radioQuery(id: number) {
  return queryOptions({
    queryKey: callKey('radio', { params: { id } }),
    queryFn: ({ signal }) => studio('radio', { params: { id }, signal }),
    refetchInterval: (state) => (state.state.data?.media === 'preparing' ? 1000 : false),
  });
}

/** After a change of a radio: every list, the categories' counts and its own page ask again. */
function changed(radio?: StudioRadio): void {
  void queryClient.invalidateQueries({ queryKey: ['radios'] });
  void queryClient.invalidateQueries({ queryKey: ['radioCategories'] });
  void queryClient.invalidateQueries({ queryKey: ['jobs'] });
  if (radio !== undefined) queryClient.setQueryData(callKey('radio', { params: { id: radio.id } }), radio);
}

export function useAddRadio() {
  return useMutation({
    mutationFn: (body: RadioFields & { upload?: string }) => studio('radioAdd', { body }),
    onSuccess: changed,
  });
}

export function useUpdateRadio(id: number) {
  return useMutation({
    mutationFn: (body: Partial<RadioFields>) => studio('radioUpdate', { params: { id }, body }),
    onSuccess: changed,
  });
}

export function useRadioMedia(id: number) {
  return useMutation({
    mutationFn: (upload: string) => studio('radioMedia', { params: { id }, body: { upload } }),
    onSuccess: changed,
  });
}

export function useRadioPreview(id: number) {
  return useMutation({
    mutationFn: (upload: string) => studio('radioPreview', { params: { id }, body: { upload } }),
    onSuccess: changed,
  });
}

export function useDeleteRadio(id: number) {
  return useMutation({
    mutationFn: () => studio('radioDelete', { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: callKey('radio', { params: { id } }) });
      changed();
    },
  });
}
