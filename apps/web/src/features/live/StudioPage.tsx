import type { GoLiveInput, LiveSession } from '@limelight/contracts';
import { ErrorCode } from '@limelight/contracts/constants';
import { Alert, Button, Card, Flex, Popconfirm, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { useAppSocket, useSocketEvent } from '../../shared/hooks/useSocketEvent';
import { formatDuration } from '../../shared/lib/dates';
import { useAppSelector } from '../../shared/lib/store';
import { errorCode, errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import { agoraProblem } from './AgoraPlayer';
import {
  mostWatchedFirst,
  useCreateAgoraTokenMutation,
  useGetStreamSettingsQuery,
  useListLiveSessionsQuery,
  useStartLiveSessionMutation,
  useUpdateLiveSessionMutation,
} from './api';
import { startAgoraBroadcast, startBroadcast } from './broadcast';
import { CameraPanel } from './CameraPanel';
import { GoLiveForm } from './GoLiveForm';
import { LiveCount } from './LiveBadge';
import { ObsSettings } from './ObsSettings';
import { PrivateRequestsPanel } from './PrivateRequestsPanel';
import { PrivateShowPrice } from './PrivateShowPrice';
import { StreamChat } from './StreamChat';
import { useCamera } from './useCamera';
import { useLiveClock } from './useHeartbeat';
import { useStreamRoom } from './useStreamRoom';

type Source = 'browser' | 'obs';
const endedBy = { admin: 'An admin ended your live session', timeout: 'Your live session ended: no picture arrived for a minute' };

/**
 * `/creator/live`: the creator's studio. Preview and devices, browser or OBS, the session's
 * title and who may watch, then live: viewers, duration, chat, requests for private shows, end.
 */
export default function StudioPage() {
  const me = useAppSelector((state) => state.session.user);
  const socket = useAppSocket();
  const [source, setSource] = useState<Source>('browser');
  const camera = useCamera(source === 'browser');
  const { data: settings } = useGetStreamSettingsQuery();
  // A session already running (the studio reopened while live) is picked up where it is.
  const { data: running, isLoading } = useListLiveSessionsQuery(me ? { performerId: me._id, ...mostWatchedFirst } : {}, { skip: !me });
  const [session, setSession] = useState<LiveSession>();
  const [goLive, { isLoading: starting }] = useStartLiveSessionMutation();
  const [updateSession, { isLoading: ending }] = useUpdateLiveSessionMutation();
  const [broadcasting, setBroadcasting] = useState(false);
  const { data: siteSettings } = usePublicSettingsQuery();
  // Agora carries the video when the admin turned it on (the API refuses tokens while it lacks its certificate).
  const agoraSite = !!siteSettings?.agoraEnable && !!siteSettings.agoraAppId;
  const [fetchAgoraToken] = useCreateAgoraTokenMutation();
  const stopBroadcast = useRef<() => void>(undefined);
  useEffect(() => {
    if (!session && running?.data[0]) setSession(running.data[0]);
  }, [running, session]);
  const live = session?.status === 'live' ? session : undefined;
  const members = useStreamRoom(live?._id);
  const seconds = useLiveClock(live?._id, live?.startedAt);

  const stop = useCallback(() => {
    stopBroadcast.current?.();
    stopBroadcast.current = undefined;
    setBroadcasting(false);
  }, []);
  useEffect(() => stop, [stop]);

  const broadcast = async (target: LiveSession) => {
    if (!socket || !camera.stream) return toast.error('The camera is not ready yet');
    if (agoraSite) {
      try {
        stopBroadcast.current = await startAgoraBroadcast(
          () => fetchAgoraToken({ body: { sessionId: target._id } }).unwrap(),
          camera.stream,
        );
        setBroadcasting(true);
        return;
      } catch (error) {
        // Agora on without its certificate: the site's own path carries the video, as viewers are told.
        if (errorCode(error) !== ErrorCode.providerNotConfigured) {
          return toast.error(`The broadcast could not start: ${agoraProblem(error)}`);
        }
      }
    }
    try {
      stopBroadcast.current = await startBroadcast(socket, target._id, camera.stream);
      setBroadcasting(true);
    } catch (error) {
      toast.error(`The broadcast could not start: ${error instanceof Error ? error.message : 'no answer from the server'}`);
    }
  };
  const start = async (input: GoLiveInput) => {
    try {
      const started = await goLive({ body: input }).unwrap();
      setSession(started);
      toast.success('You are live');
      if (source === 'browser') await broadcast(started);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const end = async () => {
    if (!live) return;
    stop();
    try {
      setSession(await updateSession({ id: live._id, body: { status: 'ended' } }).unwrap());
      toast.success('Your live session ended');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  useSocketEvent('live/error', (payload) => {
    if (payload.sessionId !== live?._id) return;
    stop();
    toast.error(`The broadcast stopped: ${payload.message}`);
  });
  useSocketEvent('stream/ended', (payload) => {
    if (payload.sessionId !== live?._id) return;
    stop();
    setSession({ ...live, status: 'ended', endedReason: payload.reason });
    if (payload.reason === 'admin' || payload.reason === 'timeout') toast.info(endedBy[payload.reason]);
  });

  if (isLoading || !settings) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <div className="page-wide studio">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle style={{ margin: 0 }}>Live studio</PageTitle>
        {live && (
          <Flex gap={8} align="center" wrap role="status" aria-label="Live session status">
            <LiveCount watching={members ?? live.viewerCount} />
            <Tag data-testid="live-duration">{formatDuration(seconds)}</Tag>
            <Link to={`/live/${live._id}`}>Open the fans’ page</Link>
          </Flex>
        )}
      </Flex>
      <div className="studio-layout">
        <Flex vertical gap={16} className="studio-main">
          <Card title="Broadcast">
            <Flex vertical gap={12}>
              <Segmented<Source>
                aria-label="Broadcast from"
                value={source}
                disabled={!!live}
                onChange={setSource}
                options={[
                  { value: 'browser', label: 'Browser' },
                  { value: 'obs', label: 'OBS / streaming software' },
                ]}
              />
              {source === 'browser' ? <CameraPanel camera={camera} locked={broadcasting} /> : <ObsSettings />}
              {live && source === 'browser' && !broadcasting && (
                <Alert
                  type="warning"
                  showIcon
                  title="Your camera is not being sent"
                  action={<Button onClick={() => broadcast(live)}>Broadcast from this browser</Button>}
                />
              )}
              {live && source === 'obs' && (
                <Typography.Text type="secondary">
                  Start streaming in your software: fans see the picture as soon as it arrives.
                </Typography.Text>
              )}
            </Flex>
          </Card>
          <Card title={live ? <span className="card-title-wrap">{live.title || 'Your live session'}</span> : 'Go live'}>
            {live ? (
              <Flex vertical gap={8} align="flex-start">
                <Typography.Text type="secondary">
                  {live.access === 'paid' ? `Anyone who pays ${live.price.toFixed(2)} tokens may watch.` : 'Your subscribers may watch.'}
                </Typography.Text>
                <Popconfirm title="End your live session?" okText="End" onConfirm={end}>
                  <Button danger type="primary" size="large" loading={ending}>
                    End live session
                  </Button>
                </Popconfirm>
              </Flex>
            ) : (
              <GoLiveForm defaults={settings} busy={starting} disabled={source === 'browser' && !camera.stream} onGoLive={start} />
            )}
          </Card>
        </Flex>
        <Flex vertical gap={16} className="studio-side">
          {live && (
            <Card>
              <StreamChat conversationId={live.conversationId} sessionId={live._id} slowModeSeconds={settings.slowModeSeconds} moderator />
            </Card>
          )}
          <Card title="Private shows">
            <Flex vertical gap={12}>
              <PrivateShowPrice />
              {/* Accepting ends the public session on the server (viewers hear the creator went private): the studio stops sending. */}
              <PrivateRequestsPanel live={!!live} goPrivate={async () => stop()} />
            </Flex>
          </Card>
        </Flex>
      </div>
    </div>
  );
}
