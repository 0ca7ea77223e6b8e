import { ageBandOf, fromCents, type PublicPerformer } from '@limelight/contracts';
import { avatarOf, coverOf } from '../users';
import type { PerformerCardRow } from './repo/profiles';

const price = (cents: number | null) => (cents === null ? null : fromCents(cents));

/** A creator as fans see them on a card or their page, with the viewer's follow and bookmark flags. */
export function toPublicPerformer(row: PerformerCardRow, flags: { followed: Set<string>; bookmarked: Set<string> }): PublicPerformer {
  const { user, profile } = row;
  return {
    _id: user.id,
    name: user.name,
    username: user.username,
    avatar: avatarOf(user),
    cover: coverOf(user),
    bio: profile.bio,
    gender: profile.gender,
    country: profile.country,
    state: profile.state,
    city: profile.city,
    languages: profile.languages,
    age: ageBandOf(profile.dateOfBirth),
    height: profile.height,
    weight: profile.weight,
    bodyType: profile.bodyType,
    ethnicity: profile.ethnicity,
    size: profile.size,
    hair: profile.hair,
    eyes: profile.eyes,
    sexualOrientation: profile.sexualOrientation,
    monthlyPrice: price(profile.monthlyPriceCents),
    threeMonthPrice: price(profile.threeMonthPriceCents),
    sixMonthPrice: price(profile.sixMonthPriceCents),
    yearlyPrice: price(profile.yearlyPriceCents),
    isFreeSubscription: profile.isFreeSubscription,
    verifiedDocument: profile.verifiedDocument,
    followersCount: profile.followersCount,
    isOnline: profile.isOnline,
    onlineAt: profile.onlineAt?.toISOString() ?? null,
    isFollowed: flags.followed.has(user.id),
    isBookmarked: flags.bookmarked.has(user.id),
  };
}
