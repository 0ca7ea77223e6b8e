import type { ServerToClientEvents } from '@limelight/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type AppSocket, currentSocket, watchCurrentSocket } from '../lib/socket';

/** The signed-in user's socket (undefined while signed out). */
export function useAppSocket(): AppSocket | undefined {
  return useSyncExternalStore(watchCurrentSocket, currentSocket, () => undefined);
}

/** Runs `handler` for each `event` the server pushes, for as long as the component is mounted. */
export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]) {
  const socket = useAppSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!socket) return;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (latest.current as (...values: Parameters<ServerToClientEvents[E]>) => void)(...args)) as never;
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}
