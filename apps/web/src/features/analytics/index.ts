// What other parts of the app may use of analytics: they import this file only (decision 075).
export { Analytics } from './Analytics';
export { CookieSettingsButton } from './CookieSettingsButton';
