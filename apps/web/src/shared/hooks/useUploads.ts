import type { MediaFile } from '@limelight/contracts';
import { useCallback, useRef, useState } from 'react';
import { errorMessage, toast } from '../lib/toast';
import { uploadForm } from '../lib/upload';

export type UploadItem = { uid: string; name: string; percent: number; file?: MediaFile; failed?: boolean };

type UploadTarget<T> = {
  /** The API path the files go to, one request each. */
  url: string;
  /** The multipart field name of the file (each kind of file has its own, spec 5). */
  field: string;
  /** Text fields sent beside every file. */
  fields?: Record<string, string>;
  /** The uploaded media file in the server's answer. */
  fileOf: (result: T) => MediaFile;
  onUploaded?: (result: T) => void;
  /**
   * Where each upload's arrival is its place (a gallery lists photos as they were added), one at
   * a time, so files chosen together keep the order chosen: three at once finished, and were
   * filed, in whatever order they happened to finish.
   */
  inOrder?: boolean;
};

/** A bulk upload of fifty photos must not open fifty connections at once. */
const PARALLEL_UPLOADS = 3;

/**
 * Uploads files one request each, at most three at a time (one with `inOrder`), with a progress
 * bar per file.
 * Items already on the server (editing) can be passed in with `seed`.
 */
export function useUploads<T>({ url, field, fields, fileOf, onUploaded, inOrder = false }: UploadTarget<T>) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<Array<() => Promise<void>>>([]);
  const running = useRef(0);
  const update = useCallback((uid: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.uid === uid ? { ...item, ...change } : item)));
  }, []);

  const pump = useCallback(() => {
    while (running.current < (inOrder ? 1 : PARALLEL_UPLOADS) && queue.current.length) {
      const next = queue.current.shift()!;
      running.current += 1;
      void next().finally(() => {
        running.current -= 1;
        pump();
      });
    }
  }, [inOrder]);

  const add = useCallback(
    (file: File, replace = false) => {
      const uid = crypto.randomUUID();
      setItems((current) => [...(replace ? [] : current), { uid, name: file.name, percent: 0 }]);
      queue.current.push(async () => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields ?? {})) form.append(name, value);
        form.append(field, file);
        try {
          const result = await uploadForm<T>(url, form, (percent) => update(uid, { percent }));
          update(uid, { percent: 100, file: fileOf(result) });
          onUploaded?.(result);
        } catch (error) {
          update(uid, { failed: true });
          toast.error(`${file.name}: ${errorMessage(error)}`);
        }
      });
      pump();
    },
    [url, field, fields, fileOf, onUploaded, update, pump],
  );

  const remove = useCallback((uid: string) => setItems((current) => current.filter((item) => item.uid !== uid)), []);
  const reset = useCallback(() => setItems([]), []);
  const seed = useCallback((files: MediaFile[]) => {
    setItems(files.map((file) => ({ uid: file._id, name: file.type, percent: 100, file })));
  }, []);
  const ids = items.flatMap((item) => (item.file ? [item.file._id] : []));
  const busy = items.some((item) => !item.file && !item.failed);
  return { items, add, remove, reset, seed, ids, busy };
}

export type Uploads = ReturnType<typeof useUploads>;
