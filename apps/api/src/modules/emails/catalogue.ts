import type { EmailCategory } from '@limelight/contracts';

type Variables = Record<string, { description: string; sample: string }>;

export type TemplateDefinition = {
  description: string;
  /** Always sent, without an unsubscribe. An optional one names its category (or `all`: the digest, whose items have their own). */
  category: EmailCategory | 'all' | null;
  subject: string;
  body: string;
  variables: Variables;
};

/** Every e-mail may use these; the sender fills them in. */
export const globalVariables: Variables = {
  siteName: { description: 'The site’s name', sample: 'Limelight' },
  settingsLink: { description: 'The recipient’s notification settings', sample: 'https://example.com/notifications/settings' },
};

const name = { description: 'The recipient’s name', sample: 'Alex' };
const link = { description: 'Where to see it on the site', sample: 'https://example.com/…' };
const reason = { description: 'Why, as written by the admin or the system', sample: 'The photo on your ID is unreadable' };
const creator = { description: 'The creator’s username', sample: 'lena' };
const fan = { description: 'The fan’s name', sample: 'Sam' };
const amount = { description: 'The amount, formatted', sample: '$9.99' };
const endsAt = { description: 'When it ends (date and time, UTC)', sample: 'Mon, 07 Dec 2026 12:00:00 GMT' };
const item = { description: 'What it was for, in a few words', sample: 'a post' };
const content = { description: 'The content, with its title when it has one', sample: 'video “Beach day”' };
const contactLink = { description: 'The contact page', sample: 'https://example.com/contact' };
const securityLink = { description: 'The account’s security settings and sessions', sample: 'https://example.com/account/security' };
const moderationLink = { description: 'The creator’s moderated items, where they appeal', sample: 'https://example.com/moderation' };
const resetLink = { description: 'The reset link', sample: 'https://example.com/auth/reset-password?token=…' };
const walletLink = { description: 'The fan’s wallet', sample: 'https://example.com/user/wallet' };
const creatorPage = { description: 'The creator’s page', sample: 'https://example.com/lena' };
const time = { description: 'When', sample: 'Thu, 26 Nov 2026 21:00:00 GMT' };
const reference = { description: 'The payment’s reference', sample: '5f1c…' };
const declineReason = { description: 'Why', sample: 'Your card was declined' };
const essential = null;

/**
 * The catalogue (issue 27): each e-mail the site sends, by key, with its default subject and body
 * (plain text with `{{variables}}`), the variables it takes with sample values for the preview,
 * and whether it is essential. The admin may override the subject and body (`email_templates`).
 */
export const catalogue = {
  'account.verifyEmail': {
    description: 'Sign-up: the link that verifies the e-mail address',
    category: essential,
    subject: 'Verify your e-mail address for {{siteName}}',
    body: 'Hi {{name}},\n\nOpen this link to verify your e-mail address:\n{{link}}',
    variables: { name, link: { description: 'The verification link', sample: 'https://example.com/auth/verify-email?token=…' } },
  },
  'account.passwordReset': {
    description: 'The link that chooses a new password',
    category: essential,
    subject: 'Reset your {{siteName}} password',
    body: 'Hi {{name}},\n\nOpen this link within one hour to choose a new password:\n{{link}}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.',
    variables: { name, link: resetLink },
  },
  'account.adminInvite': {
    description: 'A new admin, made by another admin: the link that chooses its password',
    category: essential,
    subject: 'Your {{siteName}} admin account: choose a password',
    body: 'Hi {{name}},\n\nAn administrator account on {{siteName}} was made for you. Open this link within one hour to choose your password:\n{{link}}\n\nIf the link has expired, ask for a new one from "Forgot password" on the sign-in page.',
    variables: {
      name,
      link: { description: 'The link that chooses the password', sample: 'https://example.com/auth/reset-password?token=…' },
    },
  },
  'account.emailChangeConfirm': {
    description: 'Sent to a new sign-in address to confirm it',
    category: essential,
    subject: 'Confirm your new e-mail address for {{siteName}}',
    body: 'Hi {{name}},\n\nOpen this link within 24 hours to sign in to {{siteName}} with this address from now on:\n{{link}}\n\nIf you did not ask for this, ignore this e-mail: nothing changes.',
    variables: { name, link: { description: 'The confirmation link', sample: 'https://example.com/auth/confirm-email-change?token=…' } },
  },
  'account.emailChanged': {
    description: 'Sent to the old address when the sign-in e-mail changed, with a link to undo it',
    category: essential,
    subject: 'Your {{siteName}} sign-in e-mail was changed',
    body: 'Hi {{name}},\n\nYour {{siteName}} account now signs in with {{newEmail}}, and every other device was signed out.\n\nIf you did not do this, open this link within two weeks to put this address back, sign out everyone and choose a new password:\n{{link}}',
    variables: {
      name,
      newEmail: { description: 'The new sign-in address', sample: 'new@example.com' },
      link: { description: 'The undo link', sample: 'https://example.com/auth/undo-email-change?token=…' },
    },
  },
  'account.emailRestored': {
    description: 'After an e-mail change was undone: choose a new password',
    category: essential,
    subject: 'Choose a new {{siteName}} password',
    body: 'Hi {{name}},\n\nYour {{siteName}} account signs in with this address again and every device was signed out. Whoever changed it may know your password: open this link within one hour to choose a new one:\n{{link}}',
    variables: { name, link: resetLink },
  },
  'account.deactivated': {
    description: 'An admin deactivated the account',
    category: essential,
    subject: 'Your {{siteName}} account was deactivated',
    body: 'Hi {{name}},\n\nAn administrator deactivated your {{siteName}} account: you can no longer sign in. If you think this is a mistake, write to us: {{link}}',
    variables: { name, link: { description: 'The contact page', sample: 'https://example.com/contact' } },
  },
  'account.warned': {
    description: 'Moderation: a warning (nothing else changes)',
    category: essential,
    subject: 'A warning about your {{siteName}} account',
    body: 'Hi {{name}},\n\nAn administrator of {{siteName}} warned your account:\n\n{{reason}}\n\nNothing else changes for now, but further breaches of the rules may lead to a suspension or a ban.',
    variables: { name, reason },
  },
  'account.suspended': {
    description: 'Moderation: the account is suspended until a time',
    category: essential,
    subject: 'Your {{siteName}} account is suspended until {{until}}',
    body: 'Hi {{name}},\n\nAn administrator of {{siteName}} suspended your account until {{until}}:\n\n{{reason}}\n\nUntil then you cannot sign in, your page is hidden and your subscriptions do not renew. You can sign in again once the suspension ends.',
    variables: { name, reason, until: { description: 'When the suspension ends (UTC)', sample: '2026-12-07 12:00 UTC' } },
  },
  'account.banned': {
    description: 'Moderation: the account is banned',
    category: essential,
    subject: 'Your {{siteName}} account is banned',
    body: 'Hi {{name}},\n\nAn administrator of {{siteName}} banned your account:\n\n{{reason}}\n\nYou can no longer sign in, your page is hidden and your subscriptions do not renew. If you think this is a mistake, write to us: {{link}}',
    variables: { name, reason, link: contactLink },
  },
  'account.restored': {
    description: 'Moderation: a suspension or ban was lifted',
    category: essential,
    subject: 'Your {{siteName}} account is in good standing again',
    body: 'Hi {{name}},\n\nAn administrator of {{siteName}} restored your account to good standing:\n\n{{reason}}\n\nYou can sign in again. Subscriptions that stopped renewing can be started again from the creator’s page.',
    variables: { name, reason },
  },
  'account.deleted': {
    description: 'The owner deleted the account (sent to the address it had)',
    category: essential,
    subject: 'Your {{siteName}} account has been deleted',
    body: 'Hi {{name}},\n\nYour {{siteName}} account has been deleted as you asked. Your posts, media and profile are gone, and every device was signed out. Records of payments are kept as the law requires. Your username stays reserved for {{heldDays}} days.\n\nIf you did not do this, write to us at once: {{link}}',
    variables: {
      name,
      heldDays: { description: 'How many days the username stays reserved', sample: '30' },
      link: contactLink,
    },
  },
  'security.newSignIn': {
    description: 'A sign-in from a device not seen before',
    category: essential,
    subject: 'New sign-in to your {{siteName}} account',
    body: 'Hi {{name}},\n\nYour {{siteName}} account was signed in to from a device it had not seen before:\nDevice: {{device}}\nPlace: {{place}}\nTime: {{time}}\n\nIf this was you, there is nothing to do. If not, end that session and change your password here:\n{{link}}',
    variables: {
      name,
      device: { description: 'The browser and system', sample: 'Firefox on Linux' },
      place: { description: 'Where, as far as known, with the IP address', sample: 'Portugal (203.0.113.7)' },
      time,
      link: securityLink,
    },
  },
  'security.signInLink': {
    description: 'A one-time sign-in link, after the right password from an unknown device while the account is under password guessing',
    category: essential,
    subject: 'Your {{siteName}} sign-in link',
    body: 'Hi {{name}},\n\nSomeone (we hope you) typed your password correctly from a device your account has not used before, after many failed tries. Open this link within 15 minutes to finish signing in:\n{{link}}\n\nIf it was not you, change your password: whoever tried knows it.',
    variables: { name, link: { description: 'The one-time sign-in link', sample: 'https://example.com/auth/token-login?token=…' } },
  },
  'security.changed': {
    description:
      'A security setting changed (password, two-factor sign-in, recovery codes, passkey, payout details, the sign-in e-mail set by an admin)',
    category: essential,
    subject: '{{siteName}}: {{change}}',
    body: 'Hi {{name}},\n\n{{change}}{{detail}} on {{time}}.\n\nIf this was not you, reset your password and review where your account is signed in:\n{{link}}',
    variables: {
      name,
      change: { description: 'What changed', sample: 'Your password was changed' },
      detail: { description: 'Which one in brackets (a passkey’s name, the payout method), or nothing', sample: ' (bank account)' },
      time,
      link: securityLink,
    },
  },
  'verification.approved': {
    description: 'A creator’s documents were approved',
    category: essential,
    subject: 'Your {{siteName}} creator account is verified',
    body: 'Hi {{name}},\n\nYour documents were approved: your creator account is verified and fans can subscribe to you.\n{{link}}',
    variables: { name, link: { description: 'The creator’s account page', sample: 'https://example.com/creator/account' } },
  },
  'verification.rejected': {
    description: 'A creator’s documents were rejected, with the reason',
    category: essential,
    subject: 'Your {{siteName}} verification needs another look',
    body: 'Hi {{name}},\n\nWe could not verify your documents: {{reason}}\n\nFix what is asked and send them again here:\n{{link}}',
    variables: { name, reason, link: { description: 'Where to send the documents again', sample: 'https://example.com/creator/account' } },
  },
  'content.hidden': {
    description: 'Moderation: a creator’s content was hidden (they may appeal)',
    category: essential,
    subject: 'Your {{content}} was hidden by moderation',
    body: 'Hi {{name}},\n\nYour {{content}} was hidden by moderation.\n\nReason: {{reason}}\n\nYou may appeal once here:\n{{link}}',
    variables: { name, content, reason, link: moderationLink },
  },
  'content.removed': {
    description: 'Moderation: a creator’s content was removed (they may appeal)',
    category: essential,
    subject: 'Your {{content}} was removed by moderation',
    body: 'Hi {{name}},\n\nYour {{content}} was removed by moderation.\n\nReason: {{reason}}\n\nYou may appeal once here:\n{{link}}',
    variables: { name, content, reason, link: moderationLink },
  },
  'appeal.decided': {
    description: 'Moderation: the outcome of a creator’s appeal',
    category: essential,
    subject: 'Your appeal about your {{content}} was decided',
    body: 'Hi {{name}},\n\nYour appeal about your {{content}} was {{outcome}}.\n\nReason: {{reason}}\n\n{{link}}',
    variables: {
      name,
      content,
      reason,
      outcome: { description: 'The decision', sample: 'granted: it is restored' },
      link: moderationLink,
    },
  },
  'report.outcome': {
    description: 'Moderation: the outcome of a report, to the reporter (never the penalty’s details)',
    category: essential,
    subject: 'Your report was reviewed',
    body: 'Hi {{name}},\n\nThank you for your report on a {{what}}. An administrator reviewed it: {{outcome}}.',
    variables: {
      name,
      what: { description: 'What was reported', sample: 'post' },
      outcome: { description: 'What was done', sample: 'action taken' },
    },
  },
  'takedown.received': {
    description: 'A takedown request from the public form was received',
    category: essential,
    subject: 'We received your takedown request ({{caseNumber}})',
    body: 'Hi {{name}},\n\nWe received your request. Its case number is {{caseNumber}}; please quote it if you write to us.\nWe answer every request within {{days}} days.',
    variables: {
      name,
      caseNumber: { description: 'The case number', sample: 'LL-2026-000123' },
      days: { description: 'Within how many days we answer', sample: '7' },
    },
  },
  'refund.fan': {
    description: 'A refund, to the fan who gets the money back',
    category: essential,
    subject: 'You were refunded {{amount}}',
    body: 'Hi {{name}},\n\nYou were refunded {{amount}} for {{item}}.\n{{link}}',
    variables: { name, amount, item, link: walletLink },
  },
  'refund.creator': {
    description: 'A refund, to the creator whose sale it was',
    category: essential,
    subject: 'A sale was refunded: {{amount}}',
    body: 'Hi {{name}},\n\nA sale was refunded: {{amount}} for {{item}}. It no longer counts in your earnings.\n{{link}}',
    variables: { name, amount, item, link: { description: 'The creator’s earnings', sample: 'https://example.com/creator/earnings' } },
  },
  'payment.cardRefunded': {
    description: 'A card payment was given back to the card',
    category: essential,
    subject: 'Your card payment was refunded',
    body: 'Hi {{name}},\n\n{{refunded}} of your card payment of {{paid}} went back to your card{{note}}\n{{link}}',
    variables: {
      name,
      refunded: { description: 'The amount given back', sample: '$5.00' },
      paid: { description: 'What the payment was', sample: '$10.00' },
      note: { description: 'A note on a partial refund, or a full stop', sample: '.' },
      link: walletLink,
    },
  },
  'payment.cardReceipt': {
    description: 'Receipt: a card payment for a subscription or a purchase succeeded',
    category: essential,
    subject: 'Receipt for your card payment of {{amount}}',
    body: 'Hi {{name}},\n\nYour card was charged {{amount}} for {{item}}.\nReference: {{reference}}\n{{link}}',
    variables: { name, amount, item, reference, link },
  },
  'payment.cardFailed': {
    description: 'A card payment for a subscription or a purchase failed',
    category: essential,
    subject: 'Your card payment of {{amount}} did not go through',
    body: 'Hi {{name}},\n\nYour card payment of {{amount}} for {{item}} did not go through: {{reason}}\nNothing was charged. You can try again here:\n{{link}}',
    variables: { name, amount, item, reason: declineReason, link },
  },
  'payment.purchaseNotBooked': {
    description: 'A card purchase was paid but the item could no longer be bought: the tokens stay in the wallet',
    category: essential,
    subject: 'Your card payment is in your wallet',
    body: 'Hi {{name}},\n\nYour card was charged, but what you were buying could not be bought any more: {{problem}}\n{{link}}',
    variables: {
      name,
      problem: {
        description: 'Why, and where the money is',
        sample: 'The product is sold out. The 10.00 tokens you paid for are in your wallet.',
      },
      link: walletLink,
    },
  },
  'wallet.topUpReceipt': {
    description: 'Receipt: tokens bought by card reached the wallet',
    category: essential,
    subject: 'Receipt: {{tokens}} added to your wallet',
    body: 'Hi {{name}},\n\nYour card was charged {{amount}} and {{tokens}} were added to your wallet.\nReference: {{reference}}\n{{link}}',
    variables: {
      name,
      amount,
      tokens: { description: 'The tokens added', sample: '10.00 tokens' },
      reference,
      link: walletLink,
    },
  },
  'wallet.topUpFailed': {
    description: 'A wallet top-up by card failed',
    category: essential,
    subject: 'Your wallet top-up did not go through',
    body: 'Hi {{name}},\n\nYour top-up of {{amount}} did not go through: {{reason}}\nNothing was charged. You can try again here:\n{{link}}',
    variables: {
      name,
      amount,
      reason: declineReason,
      link: walletLink,
    },
  },
  'order.status': {
    description: 'A shop order’s delivery status changed',
    category: essential,
    subject: 'Order {{number}}: {{status}}',
    body: 'Hello {{name}},\n\n{{statusText}}.{{shipping}}\n\nSee it at {{link}}\n',
    variables: {
      name,
      number: { description: 'The order number', sample: 'L-000012' },
      status: { description: 'The delivery status', sample: 'shipping' },
      statusText: { description: 'The status as a sentence', sample: 'Your order L-000012 (T-shirt) is on its way' },
      shipping: { description: 'The tracking line, if any', sample: ' Tracking: DHL 123.' },
      link: { description: 'The order', sample: 'https://example.com/user/orders/…' },
    },
  },
  'subscription.started': {
    description: 'A fan’s subscription (or free trial) started',
    category: 'subscriptions',
    subject: 'You are subscribed to {{creator}}',
    body: 'Hi {{name}},\n\nYour subscription to {{creator}} started. It runs until {{endsAt}}.\n{{link}}',
    variables: { name, creator, endsAt, link: creatorPage },
  },
  'subscription.renewed': {
    description: 'A fan’s subscription renewed for another period',
    category: 'subscriptions',
    subject: 'Your subscription to {{creator}} was renewed',
    body: 'Hi {{name}},\n\nYour subscription to {{creator}} was renewed for {{amount}}. It now runs until {{endsAt}}.\n{{link}}',
    variables: {
      name,
      creator,
      amount,
      endsAt,
      link: { description: 'The fan’s subscriptions', sample: 'https://example.com/user/subscriptions' },
    },
  },
  'subscription.cancelled': {
    description: 'To the creator: a fan turned their renewal off',
    category: 'subscriptions',
    subject: '{{fan}} cancelled their subscription',
    body: 'Hi {{name}},\n\n{{fan}} cancelled their subscription to you. It stays active until {{endsAt}}.\n{{link}}',
    variables: { name, fan, endsAt, link: { description: 'The creator’s subscribers', sample: 'https://example.com/creator/subscribers' } },
  },
  'subscription.trialEnding': {
    description: 'A fan’s free trial ends within a day',
    category: 'subscriptions',
    subject: 'Your free trial with {{creator}} ends soon',
    body: 'Hi {{name}},\n\nYour free trial with {{creator}} ends on {{endsAt}}. Subscribe to a plan on their page to keep access:\n{{link}}',
    variables: { name, creator, endsAt, link: creatorPage },
  },
  'subscription.renewalFailed': {
    description: 'A renewal could not be paid: the subscription lapses at its end',
    category: essential,
    subject: 'Your subscription to {{creator}} was not renewed',
    body: 'We could not renew your subscription to {{creator}}: {{reason}}. It ends on {{endsAt}}; subscribe again from their page to keep access.',
    variables: { creator, reason: { description: 'Why', sample: 'your wallet balance is too low' }, endsAt },
  },
  'live.privateRequest': {
    description: 'To a creator who is offline: a fan asked for a private show',
    category: 'messages',
    subject: '{{fan}} asked you for a private show',
    body: 'Hi {{name}},\n\n{{fan}} asked you for a private show while you were offline. Go online to answer:\n{{link}}',
    variables: { name, fan, link: { description: 'The creator’s live page', sample: 'https://example.com/creator/live' } },
  },
  'notifications.digest': {
    description: 'The digest of notifications the recipient wanted by e-mail',
    category: 'all',
    subject: '{{siteName}}: {{summary}}',
    body: 'Hi {{name}},\n\n{{items}}\n\nChoose what we e-mail you about in your notification settings: {{settingsLink}}',
    variables: {
      name,
      summary: { description: 'The one notification, or how many', sample: '3 new notifications' },
      items: {
        description: 'The notifications, one per line with its link',
        sample: '- Sam subscribed to you\n  https://example.com/creator/subscribers',
      },
    },
  },
  'contact.message': {
    description: 'To the admin: a message from the contact form',
    category: essential,
    subject: '[{{siteName}} contact] {{subject}}',
    body: '{{senderName}} <{{senderEmail}}> wrote through the contact form (IP {{ip}}):\n\n{{message}}',
    variables: {
      subject: { description: 'The subject the visitor gave, or “Message from …”', sample: 'Partnership' },
      senderName: { description: 'The visitor’s name', sample: 'Curious Visitor' },
      senderEmail: { description: 'The visitor’s address', sample: 'visitor@example.com' },
      ip: { description: 'The visitor’s IP address', sample: '203.0.113.7' },
      message: { description: 'The message', sample: 'Hello, I would like to talk about a partnership.' },
    },
  },
  'admin.payoutRequested': {
    description: 'To the admin: a creator requested a payout',
    category: essential,
    subject: '[{{siteName}}] Payout request from {{creator}}: {{amount}}',
    body: '{{creator}} requested a payout of {{amount}}.\n{{link}}',
    variables: {
      creator,
      amount,
      link: { description: 'The admin’s payout requests', sample: 'https://example.com/admin/payout-requests' },
    },
  },
  'admin.reportReceived': {
    description: 'To the admin: a new report',
    category: essential,
    subject: '[{{siteName}}] New report: {{target}}',
    body: 'A {{target}} was reported: {{reason}}\n{{link}}',
    variables: {
      target: { description: 'What was reported', sample: 'post' },
      reason: { description: 'The reporter’s reason', sample: 'spam' },
      link: { description: 'The admin’s reports', sample: 'https://example.com/admin/reports' },
    },
  },
  'admin.verificationPending': {
    description: 'To the admin: a creator sent documents to review',
    category: essential,
    subject: '[{{siteName}}] {{creator}} awaits document review',
    body: '{{creator}} sent their identity documents for review.\n{{link}}',
    variables: { creator, link: { description: 'The admin’s creators', sample: 'https://example.com/admin/performers' } },
  },
} satisfies Record<string, TemplateDefinition>;

export type EmailKey = keyof typeof catalogue;
export type EmailVariables<K extends EmailKey> = Record<keyof (typeof catalogue)[K]['variables'], string | null | undefined>;
export const emailKeys = Object.keys(catalogue) as EmailKey[];
