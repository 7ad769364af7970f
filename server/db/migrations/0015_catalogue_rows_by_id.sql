-- Catalogue rows by id, in the order asked, each as one JSON value (ADR 0048). Pages and
-- search answers read the rows the search snapshot does not hold through these: a PL/pgSQL
-- function keeps its statement's plan for the session, where the same statement sent each
-- time was planned each time (on PGlite, half of its cost), and one JSON value per row is
-- parsed by the driver at once instead of column by column.
--
-- Twins: the columns are those of eventWithVenueColumns() (without a distance) and
-- ATTRACTION_COLUMNS in server/catalogue/queries.ts; queries.test.ts holds each function's
-- rows equal to that statement's, column by column.
CREATE OR REPLACE FUNCTION encore_event_rows(ids text[]) RETURNS SETOF json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT row_to_json(r)
  FROM unnest(ids) WITH ORDINALITY AS p(id, ord)
  JOIN LATERAL (
    SELECT e.id, e.source, e.name, e.url, e.info, e.please_note,
      e.local_date::text AS local_date, to_char(e.local_time, 'HH24:MI:SS') AS local_time,
      to_char(e.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS starts_at,
      e.timezone, e.status_code, e.venue_id, e.price_ranges,
      e.price_min::float8 AS price_min, e.price_max::float8 AS price_max, e.currency, e.images,
      e.segment_id, e.genre_id, e.sub_genre_id,
      null::float8 AS distance,
      v.id AS v_id, v.source AS v_source, v.name AS v_name, v.url AS v_url, v.address AS v_address,
      v.city AS v_city, v.state_code AS v_state_code, v.state_name AS v_state_name,
      v.country_code AS v_country_code, v.country_name AS v_country_name, v.postal_code AS v_postal_code,
      v.timezone AS v_timezone, v.latitude AS v_latitude, v.longitude AS v_longitude, v.images AS v_images,
      v.upcoming_events AS v_upcoming_events
    FROM events e LEFT JOIN venues v ON v.id = e.venue_id
    WHERE e.id = p.id
  ) r ON true
  ORDER BY p.ord;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION encore_attraction_rows(ids text[]) RETURNS SETOF json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT row_to_json(r)
  FROM unnest(ids) WITH ORDINALITY AS p(id, ord)
  JOIN LATERAL (
    SELECT a.id, a.source, a.name, a.url, a.description, a.images, a.upcoming_events,
      a.segment_id, a.genre_id, a.sub_genre_id
    FROM attractions a
    WHERE a.id = p.id
  ) r ON true
  ORDER BY p.ord;
END;
$$;
