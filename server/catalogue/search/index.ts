/**
 * Search (SPEC §2 search box, §7 GET /events/search): the in-memory snapshot, kept fresh,
 * and the answers read from it. The folder reads by concern: columns.ts (events as typed
 * columns), groups.ts, text-index.ts (keyword matching), close-spellings.ts, ranking.ts,
 * filters.ts (what ../event-filters.ts reads; the same filters as the lists' SQL),
 * snapshot.ts (the index that joins them), load.ts and freshness.ts (reading and keeping
 * it current) and answer.ts (the answer, rows read once per snapshot).
 */
export {
  answerSearch,
  prepareSearch,
  type SearchRequest,
  searchCatalogue,
  searchRequest,
  searchResultBytes,
  snapshotAttraction,
  snapshotEvents,
  snapshotLineUps,
} from './answer.ts';
export { withinTwoEdits } from './close-spellings.ts';
export { searchIndexFor } from './freshness.ts';
export { CANDIDATES } from './ranking.ts';
export { type SearchIndex, SNAPSHOT_SORTS, type SnapshotSort } from './snapshot.ts';
