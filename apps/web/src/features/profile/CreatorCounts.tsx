import type { CreatorCounts as Counts } from '@limelight/contracts';

const shown: Array<[keyof Counts, string, string]> = [
  ['posts', 'post', 'posts'],
  ['photos', 'photo', 'photos'],
  ['videos', 'video', 'videos'],
  ['likes', 'like', 'likes'],
];

/** The creator page header's counts: posts, photos, videos and likes, as the profile read answers them. */
export function CreatorCounts({ counts }: { counts: Counts }) {
  return (
    <ul className="profile-counts" aria-label="Content counts">
      {shown.map(([key, one, many]) => (
        <li key={key} data-testid={`count-${key}`}>
          <strong>{counts[key].toLocaleString('en-US')}</strong> {counts[key] === 1 ? one : many}
        </li>
      ))}
    </ul>
  );
}
