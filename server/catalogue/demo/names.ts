/**
 * Word lists for the demo catalogue's names, by kind. Every act, team, show and venue is
 * fictional; the lists avoid the mascots of major professional teams so "<City> <Mascot>"
 * never names a real club.
 */
export * from './words/acts.ts';
export * from './words/people.ts';
export * from './words/places.ts';
export * from './words/titles.ts';
