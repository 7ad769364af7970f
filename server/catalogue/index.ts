/**
 * The catalogue's one entry point for page loaders and other modules: plain functions
 * taking `db` (context.services.database.db), the same ones the /api routes call.
 */
export {
  eventsByIds,
  getAttraction,
  getEvent,
  getEventAndHeadlinerDates,
  getEventImages,
  getVenue,
  listEventHeadliners,
  listEvents,
  listEventsOnly,
  type ReadOptions,
} from './events.ts';
export { searchCatalogue } from './search/index.ts';
export { ticketPrice } from './ticket-category.ts';
