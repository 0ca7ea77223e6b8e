import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { afterLoadIdle, isAnalyticsFree, storedChoice, useConsentSettingsOpen } from './consent';

// The banner and the tag's loader: a chunk of their own, asked for once the page is idle.
const AnalyticsTag = lazy(() => import('./AnalyticsTag'));

/**
 * The site's analytics, when the admin set a measurement id (`gaCode`): nothing at all until the
 * page has loaded and gone idle, then the consent banner or, once accepted, the tag. Admin pages
 * never start it; a visitor who declined is not asked again and downloads nothing, unless they
 * open "Cookie settings" (decision 078).
 */
export function Analytics() {
  const measurementId = usePublicSettingsQuery().data?.gaCode ?? '';
  const excluded = isAnalyticsFree(useLocation().pathname);
  const settingsOpen = useConsentSettingsOpen();
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (started || !measurementId || excluded) return;
    return afterLoadIdle(() => {
      if (storedChoice() !== 'denied') setStarted(true);
    });
  }, [started, measurementId, excluded]);
  // Once shown, it stays: a choice changed in the settings still has to reach the tag.
  useEffect(() => {
    if (settingsOpen) setStarted(true);
  }, [settingsOpen]);
  if (!measurementId || !(started || settingsOpen)) return null;
  return (
    <Suspense fallback={null}>
      <AnalyticsTag measurementId={measurementId} excluded={excluded} />
    </Suspense>
  );
}
