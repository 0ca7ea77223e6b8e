// What other features may use of profile: they import this file only, never the files behind it (decision 075).
export {
  discoveryCounts,
  freeTrialSearch,
  newCreatorsSearch,
  randomShelfAsk,
  suggestionPool,
  useListRandomCreatorsQuery,
  useListSearchKeywordsQuery,
  useListTopCreatorsQuery,
  useRecordSearchKeywordMutation,
  useSearchCreatorsQuery,
} from './api';
export { PerformerCard } from './PerformerCard';
