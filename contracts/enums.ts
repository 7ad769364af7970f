import { z } from 'zod';
import {
  CATALOGUE_SOURCES,
  COUNTRY_CODES,
  EVENT_SORTS,
  REFERRAL_SOURCES,
  SEGMENT_IDS,
  SOURCES,
  TICKET_CATEGORIES,
  UNITS,
  VENDORS,
} from './enum-values.ts';

/** Schemas of the SPEC §3 enumerations; enum-values.ts holds the values, their types and the defaults. */
export * from './enum-values.ts';

export const CountryCodeSchema = z.enum(COUNTRY_CODES);
export const SourceSchema = z.enum(SOURCES);
export const CatalogueSourceSchema = z.enum(CATALOGUE_SOURCES);
export const UnitSchema = z.enum(UNITS);
export const TicketCategorySchema = z.enum(TICKET_CATEGORIES);
export const VendorSchema = z.enum(VENDORS);
export const ReferralSourceSchema = z.enum(REFERRAL_SOURCES);
export const SegmentIdSchema = z.enum(SEGMENT_IDS);
export const EventSortSchema = z.enum(EVENT_SORTS);
