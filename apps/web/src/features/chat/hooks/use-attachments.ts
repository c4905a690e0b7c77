import type { FileInfo, FileSettings } from '@app/contracts/files';
import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/status-messages';
import { deleteFile, fileProgress, uploadFile } from '../api/upload-file';
import type { MessageFile } from '../lib/live-turn';

/** A file on its way into the next message: uploading (bytes sent), parsing (pages read), ready or failed. */
export interface Attachment {
  key: string;
  name: string;
  type: string;
  /** A local preview of an image (object URL), shown while it uploads. */
  preview: string | null;
  phase: 'uploading' | 'parsing' | 'ready' | 'failed';
  /** 0–100 within the phase. */
  progress: number;
  file: FileInfo | null;
  error: string | null;
  /** Refused before upload, for the model answering: the catalogue's reason, shown in the interface's language. */
  refused?: 'noVision';
}

const POLL_MS = 600;

/** Whether the server takes this file (spec §5: types by extension or MIME from the server's list). */
function accepted(settings: FileSettings, file: File): boolean {
  const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  return settings.types.some((t) => t.mime === file.type || t.extensions.includes(ext));
}

/**
 * The attachments of the next message (issue 25 item 4): picked or dropped files are checked
 * against the server's limits (count, size, type), uploaded one request each with their progress,
 * then followed while the server parses them. A send takes the ready ones (`ready`) and, once the
 * server accepted the message, `clear` starts afresh; removing one deletes its upload.
 */
export function useAttachments(settings: FileSettings | undefined) {
  const { t } = useTranslation('chat');
  const [items, setItems] = useState<Attachment[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const patch = useCallback((key: string, p: Partial<Attachment>) => setItems((all) => all.map((a) => (a.key === key ? { ...a, ...p } : a))), []);

  useEffect(
    () => () => {
      for (const c of controllers.current.values()) c.abort();
    },
    [],
  );

  async function follow(key: string, file: FileInfo, signal: AbortSignal) {
    let current = file;
    while (!signal.aborted && (current.status === 'queued' || current.status === 'parsing')) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const [p] = (await fileProgress([file.id])).items;
      if (!p) break;
      current = { ...current, status: p.status, note: p.note };
      patch(key, { phase: 'parsing', progress: p.progress });
    }
    if (signal.aborted) return;
    if (current.status === 'failed') patch(key, { phase: 'failed', error: current.note ?? t('files.failed') });
    else patch(key, { phase: 'ready', progress: 100, file: current, error: current.status === 'partial' || current.status === 'no_text' ? current.note : null });
  }

  /**
   * Adds files; returns what was refused before upload (too many, too large, unsupported), as
   * messages. An image for a model without vision (`images: false`) is not uploaded: it stays as a
   * refused chip that says why, until removed.
   */
  function add(list: File[], opts: { images: boolean } = { images: true }): string[] {
    if (!settings) return [];
    const refused: string[] = [];
    const room = settings.max_files_per_message - items.filter((a) => a.phase !== 'failed').length;
    const take = list.slice(0, Math.max(0, room));
    if (list.length > take.length) refused.push(t('files.tooMany', { max: settings.max_files_per_message }));
    const added: Attachment[] = [];
    for (const f of take) {
      if (f.size > settings.max_mb * 1024 * 1024) refused.push(t('files.tooLarge', { name: f.name, max: settings.max_mb }));
      else if (!accepted(settings, f)) refused.push(t('files.unsupported', { name: f.name }));
      else if (!opts.images && f.type.startsWith('image/')) {
        added.push({ key: `${Date.now()}-${Math.random().toString(36).slice(2)}`, name: f.name, type: f.type, preview: null, phase: 'failed', progress: 0, file: null, error: null, refused: 'noVision' });
      } else {
        const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
        const preview = f.type.startsWith('image/') ? URL.createObjectURL(f) : null;
        added.push({ key, name: f.name, type: f.type, preview, phase: 'uploading', progress: 0, file: null, error: null });
        const controller = new AbortController();
        controllers.current.set(key, controller);
        uploadFile(f, (progress) => patch(key, { progress }), controller.signal).then(
          (file) => {
            patch(key, { phase: 'parsing', progress: 0, file });
            return follow(key, file, controller.signal);
          },
          (err: unknown) => !controller.signal.aborted && patch(key, { phase: 'failed', error: errorMessage(t, err) }),
        );
      }
    }
    if (added.length > 0) setItems((all) => [...all, ...added]);
    return refused;
  }

  function remove(key: string) {
    const a = items.find((x) => x.key === key);
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    if (a?.preview) URL.revokeObjectURL(a.preview);
    if (a?.file) void deleteFile(a.file.id).catch(() => undefined);
    setItems((all) => all.filter((x) => x.key !== key));
  }

  /** The ready files for a send: their ids, and how the question shows them. */
  function ready(): { ids: number[]; files: MessageFile[] } {
    const done = items.filter((a) => a.phase === 'ready' && a.file);
    return { ids: done.map((a) => a.file!.id), files: done.map((a) => ({ id: a.file!.id, url: a.file!.url, type: a.file!.type, name: a.file!.name })) };
  }

  /** The message went out with its files: the list starts afresh (the files stay the message's). */
  function clear() {
    for (const a of items) {
      controllers.current.get(a.key)?.abort();
      if (a.preview) URL.revokeObjectURL(a.preview);
    }
    controllers.current.clear();
    setItems([]);
  }

  const busy = useMemo(() => items.some((a) => a.phase === 'uploading' || a.phase === 'parsing'), [items]);
  const counted = items.filter((a) => a.phase !== 'failed').length;
  return { items, add, remove, ready, clear, busy, counted, max: settings?.max_files_per_message ?? 0, accept: settings?.accept ?? '' };
}
export type Attachments = ReturnType<typeof useAttachments>;
