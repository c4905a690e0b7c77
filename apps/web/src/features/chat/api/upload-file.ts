import type { UploadFiles } from '@app/contracts/files';
import { routes } from '@app/contracts/routes.gen';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError, apiHeaders, apiUrl } from '../../../lib/api-client';

/** GET /files/settings/: the server's upload limits (spec §5). */
export const useFileSettings = (enabled: boolean) =>
  useQuery({ queryKey: ['files', 'settings'], queryFn: ({ signal }) => api(routes.files.settings, { signal }), enabled, staleTime: 10 * 60_000 });

/**
 * POST /files/ with one file, reporting the bytes sent (fetch cannot report an upload's
 * progress; XMLHttpRequest can). Resolves with the stored file, rejects with the API's error.
 */
export function uploadFile(file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<UploadFiles['items'][number]> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(routes.files.upload.method, apiUrl(routes.files.upload));
    for (const [k, v] of Object.entries(apiHeaders(false))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: { items?: UploadFiles['items']; error?: { code: string; message: string; details?: unknown } } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: the status says enough */
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.items?.[0]) resolve(body.items[0]);
      else reject(new ApiError(xhr.status, body.error?.code ?? 'unknown', body.error?.message ?? xhr.statusText, body.error?.details));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Network error'));
    signal.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('files', file, file.name);
    xhr.send(form);
  });
}

/** GET /files/progress: how far parsing got. */
export const fileProgress = (ids: number[]) => api(routes.files.progress, { query: { file_ids: ids.join(',') } });

/** DELETE /files/{id}/: a removed attachment. */
export const deleteFile = (id: number) => api(routes.files.remove, { params: { id } });
