import { SEGMENTS } from '#contracts/enums';
import type { Db } from '../../db/client.ts';
import { refreshUpcomingCounts } from '../counts.ts';
import {
  daysFromNow,
  GENRES,
  insertAttraction,
  insertClassifications,
  insertEvent,
  insertVenue,
  SUB_GENRES,
} from './fixtures.ts';

/**
 * A small catalogue the catalogue tests share: real places at known distances (New York to
 * Brooklyn ≈ 5 mi, to Philadelphia ≈ 80 mi / 130 km, to Los Angeles ≈ 2,450 mi), names with
 * accents, popular and obscure namesakes, a past event, a date-TBA event and a cancelled one.
 */
export async function seedWorld(db: Db) {
  await insertClassifications(db);
  const music = { segmentId: SEGMENTS.music.id };
  const pop = { ...music, genreId: GENRES.pop.id, subGenreId: SUB_GENRES.popRock.id };
  const rock = { ...music, genreId: GENRES.rock.id, subGenreId: SUB_GENRES.alternativeRock.id };
  const nba = { segmentId: SEGMENTS.sports.id, genreId: GENRES.basketball.id, subGenreId: SUB_GENRES.nba.id };
  const musical = { segmentId: SEGMENTS.artsTheatre.id, genreId: GENRES.theatre.id, subGenreId: SUB_GENRES.musical.id };

  const venues = {
    msg: await insertVenue(db, { id: 'V-msg', name: 'Madison Square Garden', address: '4 Pennsylvania Plaza' }),
    barclays: await insertVenue(db, {
      id: 'V-barclays',
      name: 'Barclays Center',
      city: 'Brooklyn',
      postalCode: '11217',
      latitude: 40.6826,
      longitude: -73.9754,
    }),
    philly: await insertVenue(db, {
      id: 'V-philly',
      name: 'Wells Fargo Center',
      city: 'Philadelphia',
      stateCode: 'PA',
      stateName: 'Pennsylvania',
      postalCode: '19148',
      latitude: 39.9012,
      longitude: -75.172,
    }),
    la: await insertVenue(db, {
      id: 'V-la',
      name: 'Crypto.com Arena',
      city: 'Los Angeles',
      stateCode: 'CA',
      stateName: 'California',
      postalCode: '90015',
      timezone: 'America/Los_Angeles',
      latitude: 34.043,
      longitude: -118.2673,
    }),
    london: await insertVenue(db, {
      id: 'V-london',
      name: 'The O2',
      city: 'London',
      stateCode: null,
      stateName: null,
      countryCode: 'GB',
      countryName: 'Great Britain',
      postalCode: 'SE10 0DX',
      timezone: 'Europe/London',
      latitude: 51.503,
      longitude: 0.0032,
    }),
    paris: await insertVenue(db, {
      id: 'V-paris',
      name: 'Accor Arena',
      city: 'Paris',
      stateCode: null,
      stateName: null,
      countryCode: 'FR',
      countryName: 'France',
      postalCode: '75012',
      timezone: 'Europe/Paris',
      latitude: 48.8386,
      longitude: 2.3785,
    }),
  };

  const attractions = {
    taylor: await insertAttraction(db, {
      id: 'A-taylor',
      name: 'Taylor Swift',
      popularity: 95,
      description: 'Singer-songwriter.',
      ...pop,
    }),
    tay: await insertAttraction(db, { id: 'A-tay', name: 'Tay Zonday', popularity: 5, ...pop }),
    swiftKids: await insertAttraction(db, { id: 'A-swift-kids', name: 'Swift Kids', popularity: 3, ...rock }),
    beyonce: await insertAttraction(db, { id: 'A-beyonce', name: 'Beyoncé', popularity: 90, ...pop }),
    sigur: await insertAttraction(db, { id: 'A-sigur', name: 'Sigur Rós', popularity: 40, ...rock }),
    lakers: await insertAttraction(db, { id: 'A-lakers', name: 'Los Angeles Lakers', popularity: 80, ...nba }),
    celtics: await insertAttraction(db, { id: 'A-celtics', name: 'Boston Celtics', popularity: 75, ...nba }),
    hamilton: await insertAttraction(db, { id: 'A-hamilton', name: 'Hamilton', popularity: 70, ...musical }),
  };

  const eras = 'Taylor Swift | The Eras Tour';
  const events = {
    tsMsg: await insertEvent(db, {
      id: 'E-ts-msg',
      name: eras,
      venue: venues.msg,
      attractionIds: [attractions.taylor.id],
      startsAt: daysFromNow(10),
      popularity: 95,
      priceRanges: [{ type: 'standard', currency: 'USD', min: 49.5, max: 449.5 }],
      priceMin: 49.5,
      priceMax: 449.5,
      url: 'https://tickets.example/ts-msg',
      info: 'Bags are not allowed.',
      ...pop,
    }),
    tsLa: await insertEvent(db, {
      id: 'E-ts-la',
      name: eras,
      venue: venues.la,
      attractionIds: [attractions.taylor.id],
      startsAt: daysFromNow(20),
      popularity: 94,
      priceMin: 79,
      priceMax: 799,
      priceRanges: [{ type: 'standard', currency: 'USD', min: 79, max: 799 }],
      ...pop,
    }),
    tsLondon: await insertEvent(db, {
      id: 'E-ts-london',
      name: eras,
      venue: venues.london,
      attractionIds: [attractions.taylor.id],
      startsAt: daysFromNow(40),
      popularity: 93,
      currency: 'GBP',
      priceRanges: [{ type: 'standard', currency: 'GBP', min: 60, max: 300 }],
      priceMin: 60,
      priceMax: 300,
      ...pop,
    }),
    tsPast: await insertEvent(db, {
      id: 'E-ts-past',
      name: eras,
      venue: venues.msg,
      attractionIds: [attractions.taylor.id],
      startsAt: daysFromNow(-5),
      popularity: 99,
      ...pop,
    }),
    tsNextYear: await insertEvent(db, {
      id: 'E-ts-next-year',
      name: eras,
      venue: venues.msg,
      attractionIds: [attractions.taylor.id],
      startsAt: daysFromNow(400),
      popularity: 90,
      ...pop,
    }),
    lakers: await insertEvent(db, {
      id: 'E-lakers',
      name: 'Los Angeles Lakers vs. Boston Celtics',
      venue: venues.la,
      attractionIds: [attractions.lakers.id, attractions.celtics.id],
      startsAt: daysFromNow(5),
      popularity: 80,
      priceRanges: [{ type: 'standard', currency: 'USD', min: 30 }],
      priceMin: 30,
      priceMax: null,
      ...nba,
    }),
    hamilton: await insertEvent(db, {
      id: 'E-hamilton',
      name: 'Hamilton',
      venue: venues.philly,
      attractionIds: [attractions.hamilton.id],
      startsAt: daysFromNow(15),
      popularity: 70,
      priceRanges: [{ type: 'standard', currency: 'USD', min: 120, max: 120 }],
      priceMin: 120,
      priceMax: 120,
      ...musical,
    }),
    beyonce: await insertEvent(db, {
      id: 'E-beyonce',
      name: 'Beyoncé - Renaissance World Tour',
      venue: venues.paris,
      attractionIds: [attractions.beyonce.id],
      startsAt: daysFromNow(60),
      popularity: 90,
      currency: 'EUR',
      priceRanges: [{ type: 'standard', currency: 'EUR', min: 75, max: 250 }],
      priceMin: 75,
      priceMax: 250,
      ...pop,
    }),
    sigur: await insertEvent(db, {
      id: 'E-sigur',
      name: 'Sigur Rós',
      venue: venues.barclays,
      attractionIds: [attractions.sigur.id],
      startsAt: daysFromNow(3),
      statusCode: 'cancelled',
      popularity: 40,
      ...rock,
    }),
    tba: await insertEvent(db, {
      id: 'E-tba',
      name: 'Swift Kids Secret Show',
      venue: venues.barclays,
      attractionIds: [attractions.swiftKids.id],
      startsAt: null,
      localDate: null,
      localTime: null,
      popularity: 3,
      priceRanges: [],
      priceMin: null,
      priceMax: null,
      currency: null,
      ...rock,
    }),
  };
  await refreshUpcomingCounts(db);
  return { venues, attractions, events };
}

export type World = Awaited<ReturnType<typeof seedWorld>>;
