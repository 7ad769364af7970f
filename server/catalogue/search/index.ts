/**
 * Search (SPEC §2 search box, §7 GET /events/search): the in-memory snapshot, kept fresh,
 * and the answers read from it. The folder reads by concern: columns.ts (events as typed
 * columns), groups.ts, text-index.ts (keyword matching), close-spellings.ts, ranking.ts,
 * snapshot.ts (the index that joins them), load.ts and freshness.ts (reading and keeping
 * it current) and answer.ts (rows read once per snapshot). Filters are event-filters.ts,
 * shared with the lists' SQL.
 */
export { answerSearch, prepareSearch, type SearchRequest, searchCatalogue, searchRequest } from './answer.ts';
export { withinTwoEdits } from './close-spellings.ts';
export { searchIndexFor } from './freshness.ts';
export { CANDIDATES } from './ranking.ts';
export type { SearchIndex } from './snapshot.ts';
