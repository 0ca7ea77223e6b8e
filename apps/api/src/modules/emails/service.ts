import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  defaultNotificationChannels,
  type EmailCategory,
  type EmailPreference,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateEdit,
  emailCategories,
  emailCategoryKinds,
  type NotificationSetting,
} from '@limelight/contracts';
import type { Database, Queryable } from '../../db/client';
import type { emailTemplates } from '../../db/schema/emails';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { queueMail } from '../../platform/mail';
import { sharedSecret } from '../../platform/secrets';
import { type AuditSource, recordAudit } from '../audit';
import { catalogue, type EmailKey, type EmailVariables, emailKeys, globalVariables, type TemplateDefinition } from './catalogue';
import { renderHtml, renderText, variablesIn } from './render';
import {
  accountIdOf,
  deleteTemplateOverride,
  emailChoicesOf,
  firstAdminEmail,
  saveEmailChoices,
  saveNotificationChannels,
  saveTemplateOverride,
  templateOverrideOf,
  templateOverrides,
} from './repo';

export type EmailDeps = Pick<Deps, 'config' | 'settings' | 'jobs'>;
type Rendered = { subject: string; text: string; html: string };

/** Own keys only: a key from a URL such as `valueOf` must not find what every object inherits (a 404, not a 500). */
const definitionOf = (key: string): TemplateDefinition | undefined =>
  Object.hasOwn(catalogue, key) ? (catalogue as Record<string, TemplateDefinition>)[key] : undefined;
const settingsLink = (deps: EmailDeps) => `${deps.config.publicUrl}/notifications/settings`;

// ---------------------------------------------------------------------------------------------
// E-mail preferences: one store, the notification preferences per kind (decision 049)
// ---------------------------------------------------------------------------------------------

/** Whether the account wants e-mail of this category: any of its kinds on for e-mail, by choice or default. */
export async function emailCategoryOn(db: Queryable, userId: string, category: EmailCategory) {
  const kinds = emailCategoryKinds[category];
  const rows = await emailChoicesOf(db, userId, kinds);
  return kinds.some((kind) => rows.find((row) => row.kind === kind)?.email ?? defaultNotificationChannels[kind].email);
}

/** Every category with its e-mail switch. */
export async function emailPreferencesOf(db: Queryable, userId: string): Promise<EmailPreference[]> {
  return Promise.all(emailCategories.map(async (category) => ({ category, email: await emailCategoryOn(db, userId, category) })));
}

/** Turns a category's e-mail on or off: every kind of it, keeping each kind's in-app choice. */
export async function setEmailCategories(db: Queryable, userId: string, preferences: EmailPreference[]) {
  const rows = preferences.flatMap(({ category, email }) =>
    emailCategoryKinds[category].map((kind) => ({ userId, kind, inApp: defaultNotificationChannels[kind].inApp, email })),
  );
  if (!rows.length) return;
  await saveEmailChoices(db, rows);
}

/** Saves an account's channels for these notification kinds (its notification settings page). */
export async function setNotificationChannels(db: Queryable, userId: string, channels: NotificationSetting[]) {
  if (!channels.length) return;
  await saveNotificationChannels(
    db,
    channels.map((channel) => ({ userId, ...channel })),
  );
}

// ---------------------------------------------------------------------------------------------
// One-click unsubscribe (RFC 8058): a signed token names the account and the category
// ---------------------------------------------------------------------------------------------

const SECRET_NAME = 'email-links';

type UnsubscribeScope = EmailCategory | 'all';
const signatureOf = (secret: string, payload: string) => createHmac('sha256', secret).update(`unsubscribe\n${payload}`).digest('base64url');

export async function unsubscribeToken(db: Queryable, userId: string, scope: UnsubscribeScope) {
  const payload = Buffer.from(`${userId}:${scope}`).toString('base64url');
  return `${payload}.${signatureOf(await sharedSecret(db, SECRET_NAME), payload)}`;
}

const badToken = () =>
  badRequest('token: must be a valid unsubscribe link', [{ field: 'token', message: 'must be a valid unsubscribe link' }]);

/** `POST`/`GET /emails/unsubscribe?token=`: the token's category off for the token's account (every category for `all`). */
export async function unsubscribe(db: Database, token: string) {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) throw badToken();
  const expected = Buffer.from(signatureOf(await sharedSecret(db, SECRET_NAME), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badToken();
  const [userId, scope] = Buffer.from(payload, 'base64url').toString().split(':') as [string, UnsubscribeScope];
  const categories = scope === 'all' ? [...emailCategories] : [scope];
  if (!(await accountIdOf(db, userId))) throw badToken();
  await setEmailCategories(
    db,
    userId,
    categories.map((category) => ({ category, email: false })),
  );
  return { categories };
}

// ---------------------------------------------------------------------------------------------
// Rendering and sending
// ---------------------------------------------------------------------------------------------

function render(template: { subject: string; body: string }, vars: Record<string, string>, footer: string[]): Rendered {
  const withFooter = `${template.body.trimEnd()}\n\n--\n${footer.join('\n')}`;
  return {
    subject: renderText(template.subject, vars).replace(/\s+/g, ' ').trim(),
    text: renderText(withFooter, vars),
    html: renderHtml(withFooter, vars),
  };
}

const settingsLine = 'Choose which e-mails you get: {{settingsLink}}';
const unsubscribeLine = 'Unsubscribe from these e-mails: {{unsubscribeLink}}';

/**
 * Sends one e-mail of the catalogue, inside the caller's transaction: the admin's edit if any,
 * else the default, filled with `vars` and the site's own (`siteName`, `settingsLink`). An
 * optional e-mail to an account (`userId`) is skipped when the account turned its category off,
 * and carries a one-click unsubscribe (header and link). Says whether it was queued.
 */
export async function sendEmail<K extends EmailKey>(
  deps: EmailDeps,
  tx: Queryable,
  key: K,
  options: { to: string; userId?: string | null; vars: EmailVariables<K>; replyTo?: { name: string; address: string } },
): Promise<boolean> {
  const definition = definitionOf(key)!;
  const scope = definition.category;
  if (scope && scope !== 'all' && options.userId && !(await emailCategoryOn(tx, options.userId, scope))) return false;
  const template = (await templateOverrideOf(tx, key)) ?? definition;
  const vars: Record<string, string> = {
    siteName: deps.settings.get('siteName'),
    settingsLink: settingsLink(deps),
    ...Object.fromEntries(
      Object.entries(options.vars as Record<string, string | null | undefined>).map(([name, value]) => [name, value ?? '']),
    ),
  };
  const footer = [settingsLine];
  let headers: Record<string, string> | undefined;
  if (scope && options.userId) {
    const url = `${deps.config.publicUrl}/api/emails/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(tx, options.userId, scope))}`;
    vars.unsubscribeLink = url;
    footer.push(unsubscribeLine);
    headers = { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }
  const rendered = render(template, vars, footer);
  await queueMail(deps.jobs, tx, {
    to: options.to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    ...(options.replyTo ? { replyTo: options.replyTo } : {}),
    ...(headers ? { headers } : {}),
  });
  return true;
}

/** Where admin alerts and contact messages go: the configured address, else the first admin's. */
export async function adminAddress(deps: Pick<Deps, 'settings'>, db: Queryable) {
  const configured = deps.settings.get('adminEmail');
  if (configured) return configured;
  return firstAdminEmail(db);
}

/** An alert to the admin (a payout request, a report, a creator to verify); nothing when no address is known. */
export async function alertAdmin<K extends EmailKey>(deps: EmailDeps, tx: Queryable, key: K, vars: EmailVariables<K>) {
  const to = await adminAddress(deps, tx);
  if (to) await sendEmail(deps, tx, key, { to, vars });
}

// ---------------------------------------------------------------------------------------------
// The admin's editor
// ---------------------------------------------------------------------------------------------

function assertKnown(key: string) {
  const definition = definitionOf(key);
  if (!definition) throw notFound('E-mail template');
  return definition;
}

function present(key: string, definition: TemplateDefinition, row?: typeof emailTemplates.$inferSelect): EmailTemplate {
  return {
    key,
    description: definition.description,
    essential: definition.category === null,
    category: definition.category === null || definition.category === 'all' ? null : definition.category,
    variables: Object.entries({ ...definition.variables, ...globalVariables }).map(([name, variable]) => ({ name, ...variable })),
    subject: row?.subject ?? definition.subject,
    body: row?.body ?? definition.body,
    defaultSubject: definition.subject,
    defaultBody: definition.body,
    edited: !!row,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function listTemplates(db: Queryable): Promise<EmailTemplate[]> {
  const rows = await templateOverrides(db);
  return emailKeys.map((key) =>
    present(
      key,
      catalogue[key],
      rows.find((row) => row.key === key),
    ),
  );
}

export async function templateOf(db: Queryable, key: string) {
  return present(key, assertKnown(key), await templateOverrideOf(db, key));
}

/** Refuses variables the e-mail does not have, naming them (400). */
function assertVariables(definition: TemplateDefinition, edit: EmailTemplateEdit) {
  const known = new Set([...Object.keys(definition.variables), ...Object.keys(globalVariables)]);
  for (const field of ['subject', 'body'] as const) {
    const unknown = variablesIn(edit[field]).filter((name) => !known.has(name));
    if (unknown.length) {
      const message = `must use only this e-mail's variables; unknown: ${unknown.map((name) => `{{${name}}}`).join(', ')}`;
      throw badRequest(`${field}: ${message}`, [{ field, message }]);
    }
  }
}

export async function updateTemplate(db: Database, source: AuditSource, key: string, edit: EmailTemplateEdit) {
  const definition = assertKnown(key);
  assertVariables(definition, edit);
  return db.transaction(async (tx) => {
    const before = await templateOverrideOf(tx, key);
    const row = await saveTemplateOverride(tx, key, edit, source.actor?.id ?? null);
    await recordAudit(tx, source, {
      action: 'email.template.update',
      target: { type: 'email_template', id: key },
      details: {
        from: { subject: before?.subject ?? definition.subject, body: before?.body ?? definition.body },
        to: edit,
      },
    });
    return present(key, definition, row);
  });
}

export async function resetTemplate(db: Database, source: AuditSource, key: string) {
  const definition = assertKnown(key);
  return db.transaction(async (tx) => {
    const removed = await deleteTemplateOverride(tx, key);
    if (removed) {
      await recordAudit(tx, source, {
        action: 'email.template.update',
        target: { type: 'email_template', id: key },
        details: { reset: true, from: { subject: removed.subject, body: removed.body } },
      });
    }
    return present(key, definition);
  });
}

function sampleRender(deps: EmailDeps, definition: TemplateDefinition, template: { subject: string; body: string }): Rendered {
  const vars: Record<string, string> = Object.fromEntries(Object.entries(definition.variables).map(([name, v]) => [name, v.sample]));
  vars.siteName = deps.settings.get('siteName');
  vars.settingsLink = settingsLink(deps);
  const footer = [settingsLine];
  if (definition.category) {
    vars.unsubscribeLink = `${deps.config.publicUrl}/api/emails/unsubscribe?token=sample`;
    footer.push(unsubscribeLine);
  }
  return render(template, vars, footer);
}

/** The e-mail as it would read with the sample values: the draft given, else the text in force. */
export async function previewTemplate(
  deps: EmailDeps & Pick<Deps, 'db'>,
  key: string,
  draft?: Partial<EmailTemplateEdit>,
): Promise<EmailPreview> {
  const definition = assertKnown(key);
  const inForce = (await templateOverrideOf(deps.db, key)) ?? definition;
  const template = { subject: draft?.subject ?? inForce.subject, body: draft?.body ?? inForce.body };
  assertVariables(definition, template);
  return sampleRender(deps, definition, template);
}

/** Sends the preview to the admin's own address. */
export async function sendTestEmail(
  deps: EmailDeps & Pick<Deps, 'db'>,
  admin: SessionUser,
  key: string,
  draft?: Partial<EmailTemplateEdit>,
) {
  if (!admin.email) throw badRequest('Your account has no e-mail address to send the test to');
  const rendered = await previewTemplate(deps, key, draft);
  await queueMail(deps.jobs, deps.db, { to: admin.email, subject: `[Test] ${rendered.subject}`, text: rendered.text, html: rendered.html });
  return { message: `A test was sent to ${admin.email}` };
}
