// The about page's calls: its texts, rewritten whole, and its poster, replaced by an upload.
import type { aboutFieldsSchema } from '@efir/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callKey, queryClient, studio } from '../../lib/api.ts';

export type AboutValues = z.output<typeof aboutFieldsSchema>;

export const aboutQuery = queryOptions({
  queryKey: callKey('about'),
  queryFn: ({ signal }) => studio('about', { signal }),
});

export function useSaveAbout() {
  return useMutation({
    mutationFn: (body: AboutValues) => studio('aboutUpdate', { body }),
    onSuccess: (about) => {
      queryClient.setQueryData(aboutQuery.queryKey, about);
    },
  });
}

export function useAboutPoster() {
  return useMutation({
    mutationFn: (upload: string) => studio('aboutPoster', { body: { upload } }),
    onSuccess: (about) => {
      queryClient.setQueryData(aboutQuery.queryKey, about);
    },
  });
}
