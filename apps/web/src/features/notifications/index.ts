// What other features may use of notifications: they import this file only, never the files behind it (decision 075).
export { NotificationSettingsCard } from './NotificationSettingsCard';
