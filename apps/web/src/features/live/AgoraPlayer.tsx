import { ReloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/lib/toast';
import { AgoraUnreachable, followRemote, joinAgora, leaveAgora } from './agora';
import { useCreateAgoraTokenMutation } from './api';
import { LiveVideoBox, useLiveVideo } from './LiveVideoBox';

type State = { step: 'joining' | 'waiting' | 'playing' } | { step: 'failed'; message: string };

/** What a viewer is told when the picture cannot come through Agora. */
export function agoraProblem(error: unknown) {
  if (error instanceof AgoraUnreachable) return 'Live video could not be reached. Check your connection and try again.';
  if (error instanceof Error) return 'The live video player could not be loaded. Check your connection and try again.';
  return errorMessage(error, 'Live video could not be reached. Check your connection and try again.');
}

/**
 * The live picture when Agora carries the site's video: the viewer joins the session's channel
 * as audience with a token of their own (renewed before it expires) and plays the creator's
 * published tracks in the same player box as the built-in path.
 */
export function AgoraPlayer({ sessionId, label }: { sessionId: string; label: string }) {
  const live = useLiveVideo();
  const { video, play } = live;
  const [fetchToken] = useCreateAgoraTokenMutation();
  const [state, setState] = useState<State>({ step: 'joining' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let joined: Awaited<ReturnType<typeof joinAgora>>['client'] | undefined;
    setState({ step: 'joining' });
    joinAgora(() => fetchToken({ body: { sessionId } }).unwrap(), 'audience')
      .then(({ client }) => {
        if (cancelled) return void leaveAgora(client);
        joined = client;
        setState({ step: 'waiting' });
        followRemote(client, (stream) => {
          const element = video.current;
          if (!element) return;
          element.srcObject = stream ?? null;
          if (stream?.getVideoTracks().length) void play(element);
          else setState({ step: 'waiting' });
        });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ step: 'failed', message: agoraProblem(error) });
      });
    return () => {
      cancelled = true;
      void leaveAgora(joined);
    };
  }, [sessionId, fetchToken, attempt, video, play]);

  const playing = state.step === 'playing';
  return (
    <LiveVideoBox
      live={live}
      label={label}
      playing={playing}
      onPlaying={() => setState({ step: 'playing' })}
      media="agora"
      overlay={
        state.step === 'failed' ? (
          <div className="live-player-waiting" role="alert">
            <span>{state.message}</span>
            <Button icon={<ReloadOutlined aria-hidden />} onClick={() => setAttempt((value) => value + 1)}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="live-player-waiting" role="status">
            <Spin />
            <span>{state.step === 'joining' ? 'Connecting to the live video…' : 'Waiting for the creator’s picture…'}</span>
          </div>
        )
      }
    />
  );
}
