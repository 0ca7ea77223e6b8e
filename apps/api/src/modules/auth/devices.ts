import { deviceName, type KnownDevice } from '@limelight/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { notFound } from '../../platform/errors';
import { hashToken, newOpaqueToken } from '../../platform/tokens';
import { sendEmail } from '../emails';
import { deleteKnownDevice, keepKnownDevice, knownDeviceCount, knownDevicesOf } from './repo';

/**
 * Known devices (decision 048): a browser gets a long-lived random id in an HttpOnly cookie, kept
 * with an account (as its SHA-256) once it has signed in to it. A known device signs in even while
 * the account is under password guessing, and a sign-in from a device not known yet is e-mailed.
 */
export const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_DAYS = 400;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The browser's device id, made (and set as its cookie) when it has none. */
export function deviceIdOf(deps: Pick<Deps, 'config'>, request: FastifyRequest, reply: FastifyReply): string {
  const sent = request.cookies?.[DEVICE_COOKIE];
  if (sent && DEVICE_ID.test(sent)) return sent;
  const { token } = newOpaqueToken();
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.publicUrl.startsWith('https:'),
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
  return token;
}

type Account = { id: string; email: string | null; name: string | null; username: string | null };
export type DeviceMeta = { userAgent?: string; ip?: string; deviceId?: string };

/**
 * Keeps this device with the account after a sign-in. A device new to an account that already had
 * one is e-mailed to its owner; the first device of an account (its sign-up) is not.
 */
export async function rememberDevice(deps: Deps, user: Account, meta: DeviceMeta) {
  if (!meta.deviceId) return;
  const deviceHash = hashToken(meta.deviceId);
  const country = (meta.ip && deps.geo.countryOf(meta.ip)) || null;
  await deps.db.transaction(async (tx) => {
    const before = await knownDeviceCount(tx, user.id);
    const added = await keepKnownDevice(tx, user.id, { deviceHash, userAgent: meta.userAgent?.slice(0, 500), country });
    const isNew = added && added.createdAt.getTime() === added.lastSeenAt.getTime();
    if (isNew && before > 0) await mailNewSignIn(deps, tx, user, meta);
  });
}

/**
 * "A new device signed in to your account": the device, the place (a country from the address)
 * and the time, with a link to where sessions are ended (template `security.newSignIn`).
 */
async function mailNewSignIn(deps: Deps, tx: Queryable, user: Account, meta: DeviceMeta) {
  if (!user.email) return;
  const country = meta.ip ? deps.geo.countryOf(meta.ip) : undefined;
  const place = country ? (new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country) : 'an unknown place';
  await sendEmail(deps, tx, 'security.newSignIn', {
    to: user.email,
    userId: user.id,
    vars: {
      name: user.name || user.username,
      device: deviceName(meta.userAgent ?? null),
      place: `${place}${meta.ip ? ` (${meta.ip})` : ''}`,
      time: new Date().toUTCString(),
      link: `${deps.config.publicUrl}/account/security`,
    },
  });
}

/** The account's known devices, last seen first, for its security page. */
export async function listKnownDevices(db: Queryable, userId: string): Promise<KnownDevice[]> {
  const rows = await knownDevicesOf(db, userId);
  return rows.map((row) => ({
    _id: row.id,
    userAgent: row.userAgent,
    country: row.country,
    firstSeenAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
}

/**
 * Forgets one of the account's devices (another account's is not found): its next sign-in is from
 * a new device again, e-mailed and, while the account is under guessing, challenged.
 */
export async function forgetKnownDevice(db: Queryable, userId: string, deviceId: string) {
  if (!(await deleteKnownDevice(db, userId, deviceId))) throw notFound('Device');
}
