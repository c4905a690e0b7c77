import type { Task } from '@app/contracts/tasks';
import { useMutation } from '@tanstack/react-query';
import { apiHeaders, refreshSession, toApiError } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

/**
 * A finished task's file: fetched with the access token (the download needs it, so a plain link
 * cannot), then saved through an object URL under the task's file name. The bytes go to the file
 * as they came, the CSV's byte order mark with them.
 */
export async function downloadTaskFile(task: Pick<Task, 'download_url' | 'file_name'>): Promise<void> {
  const url = task.download_url!;
  const send = () => fetch(url, { headers: apiHeaders(false), credentials: 'same-origin' });
  let res = await send();
  if (res.status === 401 && authStore.get().accessToken) {
    await refreshSession();
    res = await send();
  }
  if (!res.ok) throw await toApiError(res);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = task.file_name ?? 'export.csv';
  document.body.append(a);
  a.click();
  a.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export const useDownloadTaskFile = () => useMutation({ mutationFn: downloadTaskFile });
