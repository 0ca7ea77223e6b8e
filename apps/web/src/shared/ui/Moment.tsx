import { useSyncExternalStore } from 'react';
import { formatDay, formatMoment } from '../lib/dates';
import { useAppSelector } from '../lib/store';

const neverChanges = () => () => {};

/**
 * A moment in words ("today 14:55", or the day alone with `day`) in a `<time>`. On a page drawn by
 * the server it is first written in the zone the server wrote it in (the visitor's, from their
 * cookie; UTC on a first visit), so hydration finds the same text, then in this browser's own.
 */
export function Moment({ value, day }: { value: string; day?: boolean }) {
  // False while hydrating the server's HTML (and on the server), true from then on.
  const hydrated = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
  const renderedZone = useAppSelector((state) => state.preferences.renderedZone);
  const zone = hydrated ? undefined : (renderedZone ?? undefined);
  return <time dateTime={value}>{day ? formatDay(value, undefined, zone) : formatMoment(value, undefined, zone)}</time>;
}
