import type { MediaFile } from '@limelight/contracts';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useRef, useState } from 'react';
import { backoffDelay } from '../lib/backoff';
import { type AppDispatch, type RootState, useAppDispatch } from '../lib/store';

/** What a status endpoint answers: the file (a post's, a video's), or its status alone (a message's). */
type FileStatus = MediaFile | Pick<MediaFile, 'status'>;
type Asked = PromiseLike<{ data?: FileStatus; error?: { status?: unknown } }>;
/**
 * One of spec 7's three processing-status endpoints (the generated `getFeedFileStatus`,
 * `getVideoFileStatus`, `getMessageFileStatus`), asked for one file: `key` names it, `ask` asks it
 * afresh. The feature that shows the file makes it with `statusOf`, from its own endpoints.
 */
export type FileStatusSource = { key: string; ask(dispatch: AppDispatch): Asked };

type StatusEndpoint<Arg> = {
  name: string;
  initiate(arg: Arg, options: { subscribe: false; forceRefetch: true }): ThunkAction<unknown, RootState, unknown, UnknownAction>;
};

/** The status of the file `arg` names, from a generated status endpoint, asked afresh each time and kept by nobody. */
export const statusOf = <Arg extends { id: string; fileId: string }>(endpoint: StatusEndpoint<Arg>, arg: Arg): FileStatusSource => ({
  key: `${endpoint.name}:${arg.id}:${arg.fileId}`,
  ask: (dispatch) => dispatch(endpoint.initiate(arg, { subscribe: false, forceRefetch: true })) as Asked,
});

/** Asked again after 1 s, doubling to at most 15 s: a short clip shows soon, a long one costs few calls. */
const FIRST_POLL_MS = 1_000;
const MAX_POLL_MS = 15_000;

/**
 * The file as it is now: while `file` is processing, asks its status endpoint (`source`) with
 * back-off until processing has finished or failed, and then answers the settled file (with its
 * playable link), so the page swaps the player in without a reload (spec 4: "video file
 * processing status is polled"). A file that is gone (404) stops the asking. `paused` holds the
 * asking while something else brings the change (a message thread's socket). An endpoint that
 * answers the status alone (a message's) calls `onSettled` instead, for the caller to read it again.
 */
export function useSettledFile(file: MediaFile, source: FileStatusSource, paused = false, onSettled?: () => void): MediaFile {
  const dispatch = useAppDispatch();
  const [settled, setSettled] = useState<MediaFile>();
  // The latest callback, without asking again each time the caller renders a new one.
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const waiting = file.status === 'processing' && !paused && settled?._id !== file._id;
  useEffect(() => {
    if (!waiting) return;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const ask = async () => {
      const result = await sourceRef.current.ask(dispatch);
      if (stopped) return;
      if (result.data && result.data.status !== 'processing') {
        if ('_id' in result.data) return setSettled(result.data);
        return onSettledRef.current?.();
      }
      if (result.error?.status === 404) return;
      failures += 1;
      timer = setTimeout(ask, backoffDelay(failures, FIRST_POLL_MS, MAX_POLL_MS));
    };
    timer = setTimeout(ask, FIRST_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, source.key, dispatch]);
  return settled?._id === file._id && file.status === 'processing' ? settled : file;
}
