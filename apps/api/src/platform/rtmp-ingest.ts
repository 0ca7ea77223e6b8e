import { createRequire } from 'node:module';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

const require = createRequire(import.meta.url);

/** An audio, video or data message as node-media-server's parser hands it over. */
type AvPacket = { codec_id: number; codec_type: number; size: number; data: Buffer };
/** node-media-server's RTMP protocol state machine (handshake, chunking, AMF commands): the callbacks are ours to set. */
interface RtmpParser {
  onConnectCallback: (request: { app: string; name: string; query: Record<string, unknown> }) => void;
  onPlayCallback: () => void;
  onPushCallback: () => void;
  onPacketCallback: (packet: AvPacket) => void;
  onOutputCallback: (buffer: Buffer) => void;
  parserData(buffer: Buffer): string | null;
  /** Answers a publish with `NetStream.Publish.Start`; ours waits for `authorize`. */
  respondPublish(): void;
  sendStatusMessage(streamId: number, level: 'status' | 'error', code: string, description: string): void;
  streamId: number;
}
// Only node-media-server's protocol classes, pinned to exactly 4.4.3 in package.json: they are not
// its public API (it has no exports map), and its server would force its own HTTP admin, JSON store,
// debug logging and process.exit on a taken port (decision 024).
const Rtmp = require('node-media-server/src/protocol/rtmp.js') as new () => RtmpParser;
const Flv = require('node-media-server/src/protocol/flv.js') as {
  createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
  createMessage(packet: AvPacket): Buffer;
};

const FLV_VIDEO = 9;
const FLV_CODEC_H264 = 7;
/** A publisher must be accepted and have sent its first video within this time of connecting. */
const HANDSHAKE_MS = 10_000;
/** What a publisher may send while its key is checked: a few seconds of a high bitrate. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
const MAX_CONNECTIONS_PER_ADDRESS = 4;
/** How long a refused encoder has to read why before its connection is dropped. */
const REFUSAL_LINGER_MS = 2_000;

export type RtmpPublish = { app: string; key: string; remoteAddress: string };
/** Where an accepted publish's FLV stream goes. */
export type RtmpSink = { write(flv: Buffer): void; end(): void };
/** An accepted publisher: its stream opens once its first video shows the codec (refused when it cannot start). */
export type RtmpPublisher = { open(videoCodec: 'h264' | 'other'): Promise<RtmpSink> };
/** A refused publish, as the encoder is told: an `onStatus` error (`NetStream.Publish.BadName`, …) and its text. */
export type RtmpRefusal = { refused: { code: string; description: string } };
export type RtmpIngest = { port: number; close(): Promise<void> };

/**
 * RTMP ingest for OBS and similar encoders (`rtmp://host:port/{app}/{streamKey}`) on its own TCP
 * server. `authorize` decides on each publish (it may take a database lookup: the packets wait)
 * and may end it later with `stop`; plays are refused, as viewers watch HLS. Undefined when the
 * port is taken: another process of the site ingests RTMP.
 */
export async function startRtmpIngest(options: {
  port: number;
  host: string;
  log: FastifyBaseLogger;
  authorize(publish: RtmpPublish, stop: () => void): Promise<RtmpPublisher | RtmpRefusal>;
}): Promise<RtmpIngest | undefined> {
  const connections = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (connections.get(address) ?? 0) + 1;
    if (count > MAX_CONNECTIONS_PER_ADDRESS) return void socket.destroy();
    connections.set(address, count);
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      const left = (connections.get(address) ?? 1) - 1;
      if (left) connections.set(address, left);
      else connections.delete(address);
    });
    handleConnection(socket, options);
  });
  const listening = await new Promise<boolean>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
    server.listen(options.port, options.host, () => resolve(true));
  });
  if (!listening) {
    options.log.info(`RTMP port ${options.port} is taken (another process of the site ingests RTMP): this one does not`);
    return undefined;
  }
  const port = (server.address() as net.AddressInfo).port;
  options.log.info(`RTMP ingest listening on port ${port}`);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function handleConnection(socket: net.Socket, options: Parameters<typeof startRtmpIngest>[0]) {
  const rtmp = new Rtmp();
  let publisher: RtmpPublisher | undefined;
  let sink: RtmpSink | undefined;
  let opening = false;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let videoCodec: 'h264' | 'other' | undefined;
  const refuse = () => socket.destroy();
  const handshake = setTimeout(refuse, HANDSHAKE_MS);

  // The packets keep waiting while the packager starts (it takes the session's lease first).
  const openWhenReady = () => {
    if (opening || !publisher || !videoCodec) return;
    opening = true;
    clearTimeout(handshake);
    publisher.open(videoCodec).then(
      (opened) => {
        if (socket.destroyed) return opened.end();
        sink = opened;
        sink.write(Flv.createHeader(true, true));
        for (const message of pending) sink.write(message);
        pending = [];
      },
      // The packager could not start (the publisher was told why): the encoder retries later.
      refuse,
    );
  };

  rtmp.onOutputCallback = (buffer) => {
    if (!socket.destroyed) socket.write(buffer);
  };
  // NMS starts a publish before asking us: the start is sent once `authorize` accepts, and a
  // refusal is answered in the protocol (the encoder shows its text) before the connection closes.
  const startPublish = rtmp.respondPublish.bind(rtmp);
  rtmp.respondPublish = () => undefined;
  const refusePublish = ({ code, description }: RtmpRefusal['refused']) => {
    rtmp.sendStatusMessage(rtmp.streamId, 'error', code, description);
    socket.end();
    setTimeout(refuse, REFUSAL_LINGER_MS).unref();
  };
  rtmp.onPlayCallback = refuse;
  rtmp.onConnectCallback = () => undefined;
  rtmp.onPushCallback = () => {
    const { streamApp: app, streamName: key } = rtmp as unknown as { streamApp: string; streamName: string };
    if (publisher || !key) return refuse();
    options.authorize({ app, key, remoteAddress: socket.remoteAddress ?? '' }, refuse).then(
      (answer) => {
        if (socket.destroyed) return;
        if ('refused' in answer) return refusePublish(answer.refused);
        publisher = answer;
        startPublish();
        openWhenReady();
      },
      (error: unknown) => {
        options.log.error({ err: error }, 'RTMP publish check failed');
        refuse();
      },
    );
  };
  rtmp.onPacketCallback = (packet) => {
    // The parser reuses its buffer: the FLV tag is a copy.
    const message = Flv.createMessage(packet);
    if (sink) return sink.write(message);
    if (packet.codec_type === FLV_VIDEO && !videoCodec) videoCodec = packet.codec_id === FLV_CODEC_H264 ? 'h264' : 'other';
    pending.push(message);
    pendingBytes += message.length;
    if (pendingBytes > MAX_PENDING_BYTES) return refuse();
    openWhenReady();
  };

  socket.on('data', (data) => {
    try {
      // The parser answers an error message, or nothing while all is well.
      if (rtmp.parserData(data)) refuse();
    } catch {
      // A malformed handshake or command (a port scanner, a bad client): nothing to answer.
      refuse();
    }
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    clearTimeout(handshake);
    sink?.end();
  });
}
