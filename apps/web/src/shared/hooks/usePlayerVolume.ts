import { useCallback } from 'react';
import { usePublicSettingsQuery } from '../api/settings';
import { useAppDispatch, useAppSelector } from '../lib/store';
import { setVolume } from '../lib/theme';

/**
 * Where every player (videos, live, stories) starts: the volume this visitor last chose in a
 * player, else the admin's `volume` setting (spec 3, Player settings, default 1). `remember`
 * keeps a change the visitor made; a change equal to the start (the player being set to it) is
 * not a choice, so the site setting keeps applying until the visitor moves the slider.
 */
export function usePlayerVolume() {
  const chosen = useAppSelector((state) => state.preferences.volume);
  const { data: settings } = usePublicSettingsQuery();
  const volume = chosen ?? settings?.volume ?? 1;
  const dispatch = useAppDispatch();
  const remember = useCallback(
    (next: number) => {
      if (next !== volume) dispatch(setVolume(next));
    },
    [volume, dispatch],
  );
  return { volume, remember };
}
