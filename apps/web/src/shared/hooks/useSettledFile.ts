import type { MediaFile } from '@limelight/contracts';
import { useEffect, useRef, useState } from 'react';
import { api } from '../lib/api';
import { backoffDelay } from '../lib/backoff';
import { useAppDispatch } from '../lib/store';

/** The three processing-status endpoints of spec 7, one per place a video or audio file lives. */
export const fileStatusPath = {
  feed: (feedId: string, fileId: string) => `/user/feeds/${feedId}/file/${fileId}/status`,
  video: (videoId: string, fileId: string) => `/performer-assets/videos/${videoId}/file/${fileId}/status`,
  message: (messageId: string, fileId: string) => `/messages/${messageId}/file/${fileId}/status`,
};

const fileStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Hand-written: it asks the feeds', videos' and messages' status routes by path, and the messages one answers no file to swap in.
    fileStatus: build.query<MediaFile | Pick<MediaFile, 'status'>, string>({ query: (path) => path, keepUnusedDataFor: 0 }),
  }),
});

/** Asked again after 1 s, doubling to at most 15 s: a short clip shows soon, a long one costs few calls. */
const FIRST_POLL_MS = 1_000;
const MAX_POLL_MS = 15_000;

/**
 * The file as it is now: while `file` is processing, asks its status endpoint (`path`) with
 * back-off until processing has finished or failed, and then answers the settled file (with its
 * playable link), so the page swaps the player in without a reload (spec 4: "video file
 * processing status is polled"). A file that is gone (404) stops the asking. `paused` holds the
 * asking while something else brings the change (a message thread's socket). An endpoint that
 * answers the status alone (a message's) calls `onSettled` instead, for the caller to read it again.
 */
export function useSettledFile(file: MediaFile, path: string, paused = false, onSettled?: () => void): MediaFile {
  const dispatch = useAppDispatch();
  const [settled, setSettled] = useState<MediaFile>();
  // The latest callback, without asking again each time the caller renders a new one.
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;
  const waiting = file.status === 'processing' && !paused && settled?._id !== file._id;
  useEffect(() => {
    if (!waiting) return;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const ask = async () => {
      const request = dispatch(fileStatusApi.endpoints.fileStatus.initiate(path, { subscribe: false, forceRefetch: true }));
      const result = await request;
      if (stopped) return;
      if (result.data && result.data.status !== 'processing') {
        if ('_id' in result.data) return setSettled(result.data);
        return onSettledRef.current?.();
      }
      if (result.error && 'status' in result.error && result.error.status === 404) return;
      failures += 1;
      timer = setTimeout(ask, backoffDelay(failures, FIRST_POLL_MS, MAX_POLL_MS));
    };
    timer = setTimeout(ask, FIRST_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, path, dispatch]);
  return settled?._id === file._id && file.status === 'processing' ? settled : file;
}
