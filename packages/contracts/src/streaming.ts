import { z } from 'zod';
import { listQuerySchema } from './list';
import { hasTwoDecimalsAtMost } from './rules';
import { publicUserSchema } from './users';

/**
 * Live streaming (issue 17, decision 023): one stream record per creator, a session each time
 * they go live, a public chat per session, private show requests.
 */

/** Who may watch a session: the creator's subscribers, or anyone who pays the session's price once. */
export const sessionAccesses = ['subscribers', 'paid'] as const;
export type SessionAccess = (typeof sessionAccesses)[number];
export const sessionStatuses = ['live', 'ended'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];
/** Why a session ended: its creator, an admin, or its broadcaster's heartbeat stopped. */
/** `private`: the creator took a private show (viewers are told they will be back). */
export const sessionEndReasons = ['performer', 'admin', 'timeout', 'private'] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];

/** What a stream chat shows in place of a deleted line (spec 4: "Message deleted" in stream chat). */
export const STREAM_DELETED_MESSAGE_TEXT = 'Message deleted';
export const MAX_STREAM_MESSAGE_LENGTH = 500;
/** Slow mode: at most one line per this many seconds per fan (0 is off). */
export const MAX_SLOW_MODE_SECONDS = 300;
/** A session whose broadcaster sent no heartbeat (`PUT /streaming/set-duration`) this long ends by itself. */
export const STREAM_HEARTBEAT_GRACE_SECONDS = 60;
/** Agora RTC tokens are valid this long (domain rules: one hour). */
export const AGORA_TOKEN_SECONDS = 3600;

const titleSchema = z.string().trim().max(200, 'must be at most 200 characters');
const descriptionSchema = z.string().trim().max(2000, 'must be at most 2000 characters');
/** Tokens; the site's `minimumStreamPrice` and `maximumStreamPrice` are checked by the API. */
const streamPriceSchema = z
  .number('must be a number')
  .min(0, 'must be 0 or more')
  .max(1_000_000, 'must be at most 1000000')
  .refine(hasTwoDecimalsAtMost, 'must have at most two decimals');

/** `POST /streaming/live`: go live. A paid session needs its price. */
export const goLiveSchema = z
  .object({
    title: titleSchema.optional(),
    description: descriptionSchema.optional(),
    access: z.enum(sessionAccesses).default('subscribers'),
    price: streamPriceSchema.optional(),
  })
  .superRefine((input, context) => {
    if (input.access === 'paid' && !input.price)
      context.addIssue({ code: 'custom', path: ['price'], message: 'is required for a paid session' });
    if (input.access === 'subscribers' && input.price) {
      context.addIssue({ code: 'custom', path: ['price'], message: 'is only for a paid session' });
    }
  });
export type GoLiveInput = z.input<typeof goLiveSchema>;

/** `PUT /streaming/live/{id}`: change a session, or end it (`status: 'ended'`). */
export const updateSessionSchema = z.object({
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  access: z.enum(sessionAccesses).optional(),
  price: streamPriceSchema.optional(),
  status: z.literal('ended', 'must be ended').optional(),
});
export type UpdateSessionInput = z.input<typeof updateSessionSchema>;

/** `PUT /streaming/set-duration`: the broadcaster's heartbeat; the duration only grows. */
export const setDurationSchema = z.object({
  id: z.uuid('must be a session id'),
  duration: z
    .number('must be a number')
    .int('must be whole seconds')
    .min(0, 'must be 0 or more')
    .max(7 * 86_400, 'must be at most a week'),
});

/** `PUT /streaming/update`: the creator's stream settings. */
export const updateStreamSchema = z.object({
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  /** Tokens a minute for a private show; 0 takes no requests. */
  privateShowPrice: streamPriceSchema.optional(),
  slowModeSeconds: z
    .number('must be a number')
    .int('must be whole seconds')
    .min(0, 'must be 0 or more')
    .max(MAX_SLOW_MODE_SECONDS, `must be at most ${MAX_SLOW_MODE_SECONDS}`)
    .optional(),
  /** Makes a new RTMP stream key (shown once in this answer); the old one stops working. */
  rotateStreamKey: z.boolean().optional(),
});

/** The creator's own stream record. The stream key is kept hashed: it is shown once, when made. */
export const streamSettingsSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  privateShowPrice: z.number(),
  slowModeSeconds: z.number().int(),
  hasStreamKey: z.boolean(),
  /** Only in the answer that made it. */
  streamKey: z.string().nullable(),
  streamKeyCreatedAt: z.string().nullable(),
});
export type StreamSettings = z.infer<typeof streamSettingsSchema>;

export const liveSessionSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  performer: publicUserSchema,
  title: z.string(),
  description: z.string(),
  access: z.enum(sessionAccesses),
  /** Tokens, for a paid session; 0 otherwise. */
  price: z.number(),
  status: z.enum(sessionStatuses),
  endedReason: z.enum(sessionEndReasons).nullable(),
  /** The session's public chat. */
  conversationId: z.string(),
  /** Seconds the broadcaster reported; it only grows. */
  duration: z.number().int(),
  viewerCount: z.number().int(),
  peakViewerCount: z.number().int(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Whether this viewer may watch now (the creator and admins always). */
  canWatch: z.boolean(),
  isSubscribed: z.boolean(),
  isBought: z.boolean(),
  /** Tokens a minute for a private show with its creator; 0 when they take none. */
  privateShowPrice: z.number(),
});
export type LiveSession = z.infer<typeof liveSessionSchema>;

/**
 * How a viewer plays a session. With Agora enabled, the browser joins the channel with a token
 * from `POST /streaming/agora/token`. The built-in path (HLS) answers a signed playlist URL once
 * the media path exists; until then `ready` is false and no URL is given.
 */
export const playbackSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('agora'), appId: z.string(), channel: z.string() }),
  z.object({ mode: z.literal('hls'), ready: z.boolean(), playlistUrl: z.string().nullable(), expiresAt: z.string().nullable() }),
]);
export type Playback = z.infer<typeof playbackSchema>;

export const joinSessionSchema = z.object({ session: liveSessionSchema, conversationId: z.string(), playback: playbackSchema });
export type JoinSession = z.infer<typeof joinSessionSchema>;

export const liveSearchQuerySchema = listQuerySchema(['startedAt', 'viewerCount']).extend({
  performerId: z.uuid('must be an id').optional(),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
});

export const adminSessionQuerySchema = listQuerySchema(['startedAt', 'viewerCount']).extend({
  status: z.enum(sessionStatuses).optional(),
  performerId: z.uuid('must be an id').optional(),
});

/** A token for a live session's channel (`sessionId`) or a private show's (`showId`): one of the two. */
export const agoraTokenInputSchema = z
  .object({ sessionId: z.uuid('must be a session id').optional(), showId: z.uuid('must be a private show id').optional() })
  .refine((input) => (input.sessionId === undefined) !== (input.showId === undefined), {
    message: 'give either sessionId or showId',
    path: ['sessionId'],
  });
export const agoraTokenSchema = z.object({
  appId: z.string(),
  channel: z.string(),
  /** The Agora user account: the caller's id. */
  uid: z.string(),
  token: z.string(),
  role: z.enum(['publisher', 'subscriber']),
  expiresAt: z.string(),
});

/** A stream conversation as its viewers see it. */
export const streamConversationSchema = z.object({
  _id: z.string(),
  type: z.literal('stream'),
  sessionId: z.string(),
  performerId: z.string(),
  status: z.enum(sessionStatuses),
  slowModeSeconds: z.number().int(),
});
export type StreamConversation = z.infer<typeof streamConversationSchema>;

export const updateStreamConversationSchema = z.object({
  slowModeSeconds: z
    .number('must be a number')
    .int('must be whole seconds')
    .min(0, 'must be 0 or more')
    .max(MAX_SLOW_MODE_SECONDS, `must be at most ${MAX_SLOW_MODE_SECONDS}`),
});

export const sendStreamMessageSchema = z.object({
  text: z
    .string('must be text')
    .trim()
    .min(1, 'is required')
    .max(MAX_STREAM_MESSAGE_LENGTH, `must be at most ${MAX_STREAM_MESSAGE_LENGTH} characters`),
});

/** A line of stream chat; a tip's line carries its amount and is shown highlighted. */
export const streamMessageSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  sender: publicUserSchema,
  text: z.string(),
  /** Tokens, for a tip's line; null for a chat line. */
  tip: z.number().nullable(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
});
export type StreamMessage = z.infer<typeof streamMessageSchema>;

/**
 * A private show request: pending until the creator answers; accepted, then live while the call
 * runs (billed per started minute from `startedAt`), then ended. A fan may cancel before it is
 * live. Kept by `conversationId` in the creator's list (spec 3: Streaming.privateRequests).
 */
export const privateRequestStatuses = ['pending', 'accepted', 'declined', 'cancelled', 'live', 'ended'] as const;
export type PrivateRequestStatus = (typeof privateRequestStatuses)[number];
export const privateShowEndReasons = ['fan', 'performer', 'wallet', 'disconnected'] as const;

export const createPrivateRequestSchema = z.object({
  performerId: z.uuid('must be an id'),
  message: z.string().trim().max(500, 'must be at most 500 characters').default(''),
});
export const answerPrivateRequestSchema = z.object({ action: z.enum(['accept', 'decline', 'cancel']) });
export const privateRequestQuerySchema = listQuerySchema(['createdAt']).extend({
  status: z.enum(privateRequestStatuses).optional(),
});

export const privateRequestSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  performerId: z.string(),
  performer: publicUserSchema,
  userId: z.string(),
  user: publicUserSchema,
  /** Tokens a minute, as asked when requested. */
  pricePerMinute: z.number(),
  message: z.string(),
  status: z.enum(privateRequestStatuses),
  endedReason: z.enum(privateShowEndReasons).nullable(),
  minutesCharged: z.number().int(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type PrivateRequest = z.infer<typeof privateRequestSchema>;

/**
 * WebRTC signalling of a private show, carried over Socket.IO (`private/signal`): the caller's
 * offer, the callee's answer, and each side's ICE candidates (`RTCIceCandidate.toJSON()`).
 * Bounded so a relay cannot be used to push large payloads through the other party's sockets.
 */
export const privateSignalSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().min(1, 'is required').max(20_000, 'must be at most 20000 characters') }),
  z.object({
    type: z.literal('candidate'),
    candidate: z.object({
      candidate: z.string().max(1000, 'must be at most 1000 characters'),
      sdpMid: z.string().max(100).nullish(),
      sdpMLineIndex: z.number().int().min(0).max(100).nullish(),
    }),
  }),
]);
export type PrivateSignal = z.infer<typeof privateSignalSchema>;
export const privateSignalPayloadSchema = z.object({ showId: z.uuid('must be a private show id'), signal: privateSignalSchema });

/** An `RTCIceServer` as the browser takes it; TURN servers carry time-limited credentials. */
export const iceServerSchema = z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() });
export type IceServer = z.infer<typeof iceServerSchema>;

/**
 * `GET /streaming/private-requests/{id}/call`: what each party needs to place the call. The fan
 * is the `caller` (makes the offer), the creator the `callee` (answers). `media` is WebRTC with
 * the site's STUN/TURN servers (none on one network), or Agora's channel when Agora is enabled
 * (its token from `POST /streaming/agora/token` with `showId`).
 */
export const privateCallSchema = z.object({
  request: privateRequestSchema,
  role: z.enum(['caller', 'callee']),
  media: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('webrtc'), iceServers: z.array(iceServerSchema) }),
    z.object({ mode: z.literal('agora'), appId: z.string(), channel: z.string() }),
  ]),
});
export type PrivateCall = z.infer<typeof privateCallSchema>;

/** A socket event's answer (its acknowledgement), as `stream/join` gives it. */
export type SocketAnswer<T = Record<string, never>> = ({ ok: true } & T) | { ok: false; code: string; message: string };

export const streamRoom = (sessionId: string) => `stream:${sessionId}`;
export const agoraChannelOf = (sessionId: string) => `live-${sessionId}`;
export const agoraPrivateChannelOf = (showId: string) => `private-${showId}`;
