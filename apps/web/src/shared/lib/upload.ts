import { tabToken } from './token';

export type UploadProgress = (percent: number) => void;

/**
 * Multipart uploads go through XMLHttpRequest because fetch cannot report upload progress;
 * every file travels under its own field name (spec 5, 7). The session cookie goes with it (same origin).
 */
export function uploadForm<T>(url: string, form: FormData, onProgress: UploadProgress, method = 'POST'): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `/api${url}`);
    // An admin's log-in-as tab uploads as that account (decision 052).
    const token = tabToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = request.responseText ? JSON.parse(request.responseText) : undefined;
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject({ status: request.status, data: body });
    };
    request.onerror = () => reject({ status: 0, data: { message: 'The upload failed: check your connection and try again' } });
    request.send(form);
  });
}
