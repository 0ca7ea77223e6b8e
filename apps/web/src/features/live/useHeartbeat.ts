import { useEffect, useState } from 'react';
import { useUpdateLiveSessionDurationMutation } from './api';

/** Well inside the API's 60 s grace: a session whose heartbeat stops that long ends by itself. */
const HEARTBEAT_MS = 20_000;

/** Seconds since `startedAt`, ticking each second, and the broadcaster's heartbeat while the studio shows the session. */
export function useLiveClock(sessionId: string | undefined, startedAt: string | undefined) {
  const [seconds, setSeconds] = useState(0);
  const [beat] = useUpdateLiveSessionDurationMutation();
  useEffect(() => {
    if (!startedAt) return;
    const since = () => Math.max(0, Math.floor((Date.now() - Date.parse(startedAt)) / 1000));
    setSeconds(since());
    const tick = setInterval(() => setSeconds(since()), 1000);
    return () => clearInterval(tick);
  }, [startedAt]);
  useEffect(() => {
    if (!sessionId || !startedAt) return;
    const send = () =>
      void beat({ body: { id: sessionId, duration: Math.max(0, Math.floor((Date.now() - Date.parse(startedAt)) / 1000)) } });
    send();
    const timer = setInterval(send, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [sessionId, startedAt, beat]);
  return seconds;
}
