import { createHash } from 'node:crypto';
import {
  type AdminSetting,
  isSettingKey,
  type PublicSettings,
  publicSettingKeys,
  type SettingKey,
  SITE_CURRENCY,
  settingDefinition,
  settingKeys,
  settingRanges,
  settingValueSchema,
} from '@limelight/contracts';
import type { Deps } from '../../deps';
import { badRequest, detailsFromZod, forbidden, notFound, unprocessable } from '../../platform/errors';
import { activeGatewayName } from '../payments';
import { storeSetting } from './repo';

function publicSettings(deps: Deps): PublicSettings {
  const values = deps.settings.all();
  const picked = Object.fromEntries(publicSettingKeys.map((key) => [key, values[key]]));
  return {
    ...(picked as Omit<PublicSettings, 'hashPwClient' | 'googleAuthorizeUrl' | 'activePaymentGateway' | 'currency'>),
    activePaymentGateway: activeGatewayName(deps),
    currency: SITE_CURRENCY,
    hashPwClient: deps.config.hashPwClient,
    googleAuthorizeUrl: deps.config.google.authorizeUrl,
  };
}

const publicBodies = new WeakMap<object, { body: string; etag: string }>();

/**
 * `GET /settings/public` as sent, with its ETag: every page load asks for it, and it changes only
 * when the settings reload (a new values object), so it is serialised once per reload.
 */
export function publicSettingsBody(deps: Deps): { body: string; etag: string } {
  const values = deps.settings.all();
  let cached = publicBodies.get(values);
  if (!cached) {
    const body = JSON.stringify(publicSettings(deps));
    cached = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    publicBodies.set(values, cached);
  }
  return cached;
}

/** `POST /settings/keys`: values of the named public keys; asking for a non-public key is refused. */
export function settingsByKeys(deps: Deps, keys: string[]): Record<string, unknown> {
  const unknown = keys.filter((key) => !isSettingKey(key));
  if (unknown.length)
    throw badRequest(
      `Unknown setting ${unknown.join(', ')}`,
      unknown.map((key) => ({ field: 'keys', message: `${key} is not a setting` })),
    );
  const hidden = keys.filter((key) => !settingDefinition(key as SettingKey).public);
  if (hidden.length) throw forbidden(`Setting ${hidden.join(', ')} is not public`);
  return Object.fromEntries(keys.map((key) => [key, deps.settings.get(key as SettingKey)]));
}

export function adminSettings(deps: Deps): AdminSetting[] {
  return settingKeys.map((key) => adminSetting(deps, key));
}

/** One setting as the admin sees it; a secret's value never leaves the server. */
function adminSetting(deps: Deps, key: SettingKey): AdminSetting {
  const definition = settingDefinition(key);
  const secret = definition.secret ?? false;
  const value = deps.settings.get(key);
  return {
    key,
    type: definition.type,
    group: definition.group,
    label: definition.label,
    description: definition.description,
    public: definition.public,
    secret,
    editable: definition.editable ?? true,
    value: secret ? null : value,
    hasValue: secret ? deps.settings.isStored(key) && value !== '' : true,
    default: secret ? null : definition.default,
    min: definition.type === 'number' ? definition.min : undefined,
    max: definition.type === 'number' ? definition.max : undefined,
    options: definition.type === 'enum' ? [...definition.options] : undefined,
    optionLabels: definition.type === 'enum' ? definition.optionLabels : undefined,
  };
}

/** Validates one setting against its type and range and against its paired bound, then stores it. */
export async function updateSetting(deps: Deps, key: string, value: unknown, adminId: string): Promise<AdminSetting> {
  if (!isSettingKey(key)) throw notFound(`Setting ${key}`);
  const definition = settingDefinition(key);
  if (definition.editable === false) throw forbidden(`Setting ${key} cannot be changed`);
  const parsed = settingValueSchema(definition).safeParse(value);
  if (!parsed.success) {
    const details = detailsFromZod(parsed.error.issues).map((detail) => ({ field: 'value', message: detail.message }));
    throw badRequest(`value: ${details.map((detail) => detail.message).join('; ')}`, details);
  }
  const next = { ...deps.settings.all(), [key]: parsed.data };
  for (const [low, high] of settingRanges) {
    if ((key === low || key === high) && (next[low] as number) > (next[high] as number)) {
      throw unprocessable(`${low} must not exceed ${high}`, [{ field: 'value', message: `${low} must not exceed ${high}` }]);
    }
  }
  await storeSetting(deps.db, key, parsed.data, adminId);
  await deps.settings.reload();
  await deps.settings.announceChange([key]);
  if (definition.public) deps.realtime.io.emit('settings/changed', { keys: [key] });
  return adminSetting(deps, key);
}
