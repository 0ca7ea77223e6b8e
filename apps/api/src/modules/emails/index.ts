/** What other modules may use of the e-mail catalogue (decision 004, 049): send one of its e-mails, or alert the admin. */
export type { EmailKey, EmailVariables } from './catalogue';
export { adminAddress, alertAdmin, type EmailDeps, sendEmail, setNotificationChannels } from './service';
