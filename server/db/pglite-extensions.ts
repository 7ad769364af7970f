import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The extensions our SQL relies on; loaded into PGlite, created by the first migration. */
export const pgliteExtensions = { cube, earthdistance, pg_trgm };
