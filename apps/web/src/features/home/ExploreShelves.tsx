import { Link } from 'react-router';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { joinAsCreatorUrl } from '../../shared/lib/navigation';
import { LiveNowStrip } from '../live';
import {
  discoveryCounts,
  freeTrialSearch,
  newCreatorsSearch,
  randomShelfAsk,
  useListRandomCreatorsQuery,
  useListTopCreatorsQuery,
  useSearchCreatorsQuery,
} from '../profile';
import { CreatorShelf } from './CreatorShelf';
import { oneShelfEach } from './oneShelfEach';

/** Nobody to show yet: the one who can change that is a creator. */
const noCreators = {
  text: 'No creators here yet.',
  action: (
    <Link to={joinAsCreatorUrl()} className="frame-button">
      Become a creator
    </Link>
  ),
};

/**
 * The ways into the creators: who is live, the most popular, the newest, those with a free trial
 * and a few at random, each creator on one shelf only. An empty shelf is not shown; with nobody
 * on any, the top shelf says so. `count` creators a shelf (the front page
 * shows a preview of each); `more` links each shelf to its full list on /explore.
 */
export function ExploreShelves({ count, withRandom = false }: { count: number; withRandom?: boolean }) {
  const { data: settings } = usePublicSettingsQuery();
  const top = useListTopCreatorsQuery({ limit: count });
  const newest = useSearchCreatorsQuery(newCreatorsSearch(count));
  const trialsOffered = !!settings?.freeSubscriptionEnabled;
  const trials = useSearchCreatorsQuery(freeTrialSearch(count), { skip: !trialsOffered });
  const random = useListRandomCreatorsQuery({ limit: randomShelfAsk(count) }, { skip: !withRandom });
  const [topShelf, newShelf, trialShelf, randomShelf] = oneShelfEach([
    { performers: top.data, loading: top.isLoading, size: count },
    { performers: newest.data?.data, loading: newest.isLoading, size: count },
    { performers: trials.data?.data, loading: trials.isLoading, size: count },
    { performers: random.data, loading: random.isLoading, size: discoveryCounts.preview },
  ]);
  // Only with nobody on any shelf does the top shelf say so (and offer to become a creator).
  const nobody = [topShelf, newShelf, trialShelf, randomShelf].every((shelf) => !shelf?.loading && !shelf?.performers?.length);
  return (
    <>
      <LiveNowStrip />
      <CreatorShelf
        title="Top creators"
        {...topShelf}
        expected={count}
        more={{ to: '/explore?order=popular', label: 'See all popular creators' }}
        empty={noCreators}
        hideEmpty={!nobody}
      />
      <CreatorShelf
        title="New creators"
        {...newShelf}
        expected={count}
        more={{ to: '/explore?order=newest', label: 'See all new creators' }}
        hideEmpty
      />
      {trialsOffered && (
        <CreatorShelf
          title="Free trial"
          {...trialShelf}
          expected={count}
          more={{ to: '/explore?isFreeSubscription=true', label: 'See all free trials' }}
          hideEmpty
        />
      )}
      {withRandom && <CreatorShelf title="Discover someone new" {...randomShelf} expected={discoveryCounts.preview} hideEmpty />}
    </>
  );
}
