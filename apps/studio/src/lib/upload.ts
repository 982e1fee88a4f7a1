// Resumable uploads (the tus protocol, tus-js-client): a file goes up in chunks of a few
// megabytes, each retried with growing pauses when the connection drops, and an upload of the same
// file started before (in this browser) goes on from where it stopped. The server keeps the parts.
import { studioPrefix, studioUploadsPath } from '@efir/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DetailedError, Upload } from 'tus-js-client';

/** A chunk well inside the server's request timeout (30 s) on a slow line. */
const chunkBytes = 4 * 1024 * 1024;
/** Pauses before each new try after a failure: a shaky connection gets minutes to come back. */
const retryDelays = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000];

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; sent: number; total: number; name: string }
  | { phase: 'done'; id: string; total: number; name: string }
  | { phase: 'failed'; message: string };

/** The server's words from a refused tus request, when it said any. */
function messageOf(error: Error): string {
  if (error instanceof DetailedError && error.originalResponse !== null) {
    const status = error.originalResponse.getStatus();
    try {
      const body = JSON.parse(error.originalResponse.getBody()) as { detail?: unknown };
      if (typeof body.detail === 'string') return body.detail;
    } catch {
      // Not JSON: the tus server's own text.
    }
    if (status === 413) return 'Файл больше, чем принимает сервер (INGEST_MAX_BYTES).';
    return `Сервер не принял файл (ошибка ${String(status)}).`;
  }
  return 'Загрузка прервалась: нет связи с сервером.';
}

/**
 * An upload's state and its controls. `csrfToken` is read at each request. The upload is aborted
 * (the server keeps what arrived) when the component goes away.
 */
export function useUpload(csrfToken: () => string | undefined) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const current = useRef<Upload | undefined>(undefined);

  useEffect(
    () => () => {
      void current.current?.abort();
    },
    [],
  );

  const start = useCallback(
    (file: File) => {
      void current.current?.abort();
      setState({ phase: 'uploading', sent: 0, total: file.size, name: file.name });
      const upload = new Upload(file, {
        endpoint: `${studioPrefix}${studioUploadsPath}`,
        chunkSize: chunkBytes,
        retryDelays,
        metadata: { filename: file.name, filetype: file.type },
        removeFingerprintOnSuccess: true,
        onBeforeRequest: (request) => {
          const token = csrfToken();
          if (token !== undefined) request.setHeader('x-csrf-token', token);
        },
        onProgress: (sent, total) => {
          setState({ phase: 'uploading', sent, total, name: file.name });
        },
        onSuccess: () => {
          const id = (upload.url ?? '').split('/').pop() ?? '';
          setState({ phase: 'done', id, total: file.size, name: file.name });
        },
        onError: (error) => {
          setState({ phase: 'failed', message: messageOf(error) });
        },
      });
      current.current = upload;
      // The same file begun before in this browser goes on from where it stopped.
      void upload.findPreviousUploads().then((previous) => {
        const last = previous.at(0);
        if (last !== undefined) upload.resumeFromPreviousUpload(last);
        upload.start();
      });
    },
    [csrfToken],
  );

  const reset = useCallback(() => {
    void current.current?.abort();
    current.current = undefined;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, reset };
}
