import { useEffect, useState } from 'react';
import { useAppSocket, useSocketEvent } from '../../shared/hooks/useSocketEvent';
import { toast } from '../../shared/lib/toast';

/**
 * Keeps this page in a live session's socket room (chat, tips, counts, end) while mounted, and
 * again after every reconnect (a new connection is in no room). Answers how many are watching.
 */
export function useStreamRoom(sessionId: string | undefined) {
  const socket = useAppSocket();
  const [members, setMembers] = useState<number>();
  useEffect(() => {
    if (!socket || !sessionId) return;
    const join = () =>
      socket.emit('stream/join', { sessionId }, (answer) => {
        if (answer.ok) setMembers(answer.members);
        else toast.error(answer.message);
      });
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit('stream/leave', { sessionId });
    };
  }, [socket, sessionId]);
  useSocketEvent('stream/members', (payload) => {
    if (payload.sessionId === sessionId) setMembers(payload.members);
  });
  return members;
}
