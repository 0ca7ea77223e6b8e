/** What other modules may use of the notifications module (decision 004): everything else is its own. */
export { type NotificationEvent, notify, notifyInStatement, registerNotificationDelivery } from './service';
