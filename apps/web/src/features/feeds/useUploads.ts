import type { FeedFileKind, MediaFile } from '@limelight/contracts';
import { useCallback, useState } from 'react';
import { errorMessage, toast } from '../../shared/lib/toast';
import { uploadForm } from '../../shared/lib/upload';

export type UploadItem = { uid: string; name: string; percent: number; file?: MediaFile; failed?: boolean };

/** Uploads files for a post one request each, with a progress bar per file. */
export function useFeedUploads(kind: FeedFileKind) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const update = useCallback((uid: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.uid === uid ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    async (file: File, replace = false) => {
      const uid = crypto.randomUUID();
      setItems((current) => [...(replace ? [] : current), { uid, name: file.name, percent: 0 }]);
      const form = new FormData();
      form.append('file', file);
      try {
        const uploaded = await uploadForm<MediaFile>(`/performer/feeds/${kind}/upload`, form, (percent) => update(uid, { percent }));
        update(uid, { percent: 100, file: uploaded });
      } catch (error) {
        update(uid, { failed: true });
        toast.error(`${file.name}: ${errorMessage(error)}`);
      }
    },
    [kind, update],
  );

  const remove = useCallback((uid: string) => setItems((current) => current.filter((item) => item.uid !== uid)), []);
  const reset = useCallback(() => setItems([]), []);
  const ids = items.flatMap((item) => (item.file ? [item.file._id] : []));
  const busy = items.some((item) => !item.file && !item.failed);
  return { items, add, remove, reset, ids, busy };
}
