/** What other modules may use of the library module (decision 004): everything else is its own. */
export {
  countView,
  keepSoldOnes,
  libraryPage,
  lockedItemsOf,
  openedItem,
  ownedBy,
  ownItem,
  shownIn,
  shownTo,
  visibleItem,
  withdrawOwnFromReview,
} from './repo';
