import { PhoneOutlined } from '@ant-design/icons';
import type { PrivateCall, PrivateRequest } from '@limelight/contracts';
import { Alert, Button, Flex, Popconfirm, Skeleton, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAppSocket, useSocketEvent } from '../../shared/hooks/useSocketEvent';
import { formatTokens } from '../../shared/lib/money';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import { Result } from '../../shared/ui/Result';
import { agoraProblem } from './AgoraPlayer';
import { followRemote, joinAgora, leaveAgora, publishStream } from './agora';
import { useCreateAgoraTokenMutation, useGetPrivateShowCallQuery } from './api';
import { CallConnection } from './call';
import { stopTracks } from './useCamera';

const endedReasons: Record<string, string> = {
  fan: 'The fan hung up.',
  performer: 'The creator hung up.',
  wallet: 'The fan’s wallet could not pay the next minute.',
  disconnected: 'The call was lost.',
};
const closedStatuses = ['ended', 'declined', 'cancelled'];
const stateLabels: Record<RTCPeerConnectionState, string> = {
  new: 'Calling…',
  connecting: 'Connecting…',
  connected: 'Connected',
  disconnected: 'Reconnecting…',
  failed: 'The connection failed',
  closed: 'Call ended',
};

/** `/private-show/{id}`: the private show's 1:1 call, the same screen for the fan and the creator. */
export default function PrivateShowPage() {
  const { showId = '' } = useParams();
  const { data: call, error, isLoading } = useGetPrivateShowCallQuery({ id: showId });
  const [ended, setEnded] = useState<PrivateRequest>();
  useSocketEvent('private/request_updated', ({ request }) => {
    if (request._id === showId && closedStatuses.includes(request.status)) setEnded(request);
  });

  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  const closed = ended ?? (call && closedStatuses.includes(call.request.status) ? call.request : undefined);
  if (closed) return <CallEnded request={closed} />;
  if (error || !call) {
    return (
      <Result
        status="404"
        title="Private show not found"
        subTitle={errorMessage(error, 'It may have ended.')}
        extra={<Link to="/home">Back home</Link>}
      />
    );
  }
  return <Call call={call} />;
}

function CallEnded({ request }: { request: PrivateRequest }) {
  const me = useAppSelector((state) => state.session.user);
  const fan = me?._id === request.userId;
  const cost = request.minutesCharged * request.pricePerMinute;
  return (
    <Result
      status="info"
      title="The private show has ended"
      subTitle={
        <>
          {(request.endedReason && endedReasons[request.endedReason]) ?? `The request was ${request.status}.`}{' '}
          {request.minutesCharged > 0 &&
            `${request.minutesCharged} ${request.minutesCharged === 1 ? 'minute' : 'minutes'}: ${formatTokens(cost)} ${fan ? 'paid' : 'earned'}.`}
        </>
      }
      extra={<Link to={fan ? '/home' : '/creator/live'}>{fan ? 'Back home' : 'Back to the studio'}</Link>}
    />
  );
}

function Call({ call }: { call: PrivateCall }) {
  const me = useAppSelector((state) => state.session.user);
  const socket = useAppSocket();
  const { request } = call;
  const showId = request._id;
  const fan = me?._id === request.userId;
  const other = fan ? request.performer : request.user;
  const [state, setState] = useState<RTCPeerConnectionState>('new');
  const [minutes, setMinutes] = useState(request.minutesCharged);
  const [spent, setSpent] = useState(request.minutesCharged * request.pricePerMinute);
  const [lowBalance, setLowBalance] = useState<number>();
  const [problem, setProblem] = useState<string>();
  const localVideo = useRef<HTMLVideoElement>(null);
  const remoteVideo = useRef<HTMLVideoElement>(null);
  const connection = useRef<CallConnection>(undefined);
  const connected = useRef(false);
  const closeMedia = useRef<() => void>(undefined);
  const [fetchToken] = useCreateAgoraTokenMutation();

  useEffect(() => {
    if (!socket) return;
    let cancelled = false;
    let local: MediaStream | undefined;
    let agoraClient: Parameters<typeof leaveAgora>[0];
    // Signals that arrive while the camera opens wait for the connection.
    const early: Parameters<CallConnection['receive']>[0][] = [];
    const onSignal = (payload: { showId: string; signal: Parameters<CallConnection['receive']>[0] }) => {
      if (payload.showId !== showId) return;
      if (connection.current) void connection.current.receive(payload.signal);
      else early.push(payload.signal);
    };
    const sayConnected = () =>
      socket.emit('private/connected', { showId }, (answer) => {
        if (!answer.ok) toast.error(answer.message);
      });
    const show = (next: RTCPeerConnectionState) => {
      connected.current = next === 'connected';
      setState(next);
      if (next === 'connected') sayConnected();
    };
    // A new socket is in no show: it says so again (the server ends a show whose party has no socket for 30 s).
    const onReconnect = () => {
      if (connected.current) sayConnected();
    };
    socket.on('private/signal', onSignal);
    socket.on('connect', onReconnect);
    const webrtc = (stream: MediaStream, iceServers: RTCIceServer[]) => {
      const made = new CallConnection(call.role, iceServers, stream, (signal) => socket.emit('private/signal', { showId, signal }));
      connection.current = made;
      made.pc.addEventListener('track', (event) => {
        if (remoteVideo.current && event.streams[0]) remoteVideo.current.srcObject = event.streams[0];
      });
      made.pc.addEventListener('connectionstatechange', () => show(made.pc.connectionState));
      for (const signal of early.splice(0)) void made.receive(signal);
    };
    // Through Agora both parties are hosts in the show's channel: connected once the other publishes.
    const agora = (stream: MediaStream) =>
      joinAgora(() => fetchToken({ body: { showId } }).unwrap(), 'host')
        .then(async ({ AgoraRTC, client }) => {
          if (cancelled) return leaveAgora(client);
          agoraClient = client;
          followRemote(client, (remote) => {
            if (remoteVideo.current) remoteVideo.current.srcObject = remote ?? null;
            show(remote ? 'connected' : 'disconnected');
          });
          client.on('connection-state-change', (current) => {
            if (current === 'RECONNECTING') show('disconnected');
          });
          await publishStream(AgoraRTC, client, stream);
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          setProblem(agoraProblem(error));
          setState('failed');
        });
    navigator.mediaDevices
      .getUserMedia({ video: true, audio: true })
      .then((stream) => {
        local = stream;
        if (cancelled) return stopTracks(stream);
        if (localVideo.current) localVideo.current.srcObject = stream;
        if (call.media.mode === 'agora') void agora(stream);
        else webrtc(stream, call.media.iceServers);
      })
      .catch(() => setProblem('Allow this site to use your camera and microphone to join the call'));
    closeMedia.current = () => {
      connection.current?.close();
      connection.current = undefined;
      void leaveAgora(agoraClient);
      agoraClient = undefined;
    };
    return () => {
      cancelled = true;
      socket.off('private/signal', onSignal);
      socket.off('connect', onReconnect);
      closeMedia.current?.();
      stopTracks(local);
    };
  }, [socket, showId, call.role, call.media, fetchToken]);

  useSocketEvent('private/minute_charged', (payload) => {
    if (payload.showId !== showId) return;
    setMinutes(payload.minute);
    setSpent((total) => total + payload.amount);
    setLowBalance(undefined);
  });
  useSocketEvent('private/low_balance', (payload) => {
    if (payload.showId === showId) setLowBalance(payload.secondsLeft);
  });

  const hangUp = () => {
    socket?.emit('private/hangup', { showId });
    closeMedia.current?.();
    setState('closed');
  };

  return (
    <div className="page-wide private-call">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle style={{ margin: 0 }}>Private show with {other.name || other.username}</PageTitle>
        <Flex gap={8} wrap role="status" aria-label="Call status">
          <Tag color={state === 'connected' ? 'green' : 'default'} data-testid="call-state" data-connection-state={state}>
            {stateLabels[state]}
          </Tag>
          <Tag data-testid="call-minutes">
            {minutes} {minutes === 1 ? 'minute' : 'minutes'} · {formatTokens(spent)} {fan ? 'paid' : 'earned'}
          </Tag>
          <Tag>{formatTokens(request.pricePerMinute)} a minute</Tag>
        </Flex>
      </Flex>
      {problem && <Alert type="error" showIcon title={problem} />}
      {lowBalance !== undefined && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={
            fan
              ? `Your wallet cannot pay the next minute: the show ends in ${lowBalance} s`
              : `The fan’s wallet cannot pay the next minute: the show ends in ${lowBalance} s`
          }
          action={fan ? <Link to="/user/wallet">Top up</Link> : undefined}
        />
      )}
      <div className="call-videos">
        {/* biome-ignore lint/a11y/useMediaCaption: a live call has no caption track. */}
        <video ref={remoteVideo} className="call-remote" autoPlay playsInline aria-label={`${other.name || other.username}’s video`} />
        <video ref={localVideo} className="call-local" autoPlay playsInline muted aria-label="Your video" />
      </div>
      <Flex justify="center">
        <Popconfirm title="Hang up and end the show?" okText="Hang up" onConfirm={hangUp}>
          <Button danger type="primary" size="large" icon={<PhoneOutlined aria-hidden rotate={135} />} disabled={state === 'closed'}>
            Hang up
          </Button>
        </Popconfirm>
      </Flex>
    </div>
  );
}
