// What other features may use of subscriptions: they import this file only, never the files behind it (decision 075).
export { SubscribeCard } from './SubscribeCard';
