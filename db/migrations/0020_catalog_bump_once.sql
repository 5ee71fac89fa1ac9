-- The catalogue's version moves once per transaction, however many rows the transaction changes
-- (decision 0033). Every change of a transaction becomes visible at its commit, together: one new
-- version, announced once, makes every cached answer stale exactly as one bump per row did. A bulk
-- change (a CSV import of 10,000 rows, a grid saved whole) no longer writes the one version row
-- thousands of times nor sends every process thousands of announcements to act on at its commit.
-- A bump inside a savepoint that is rolled back is undone with its setting, so the next one bumps.
CREATE OR REPLACE FUNCTION "bump_catalog_version"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	next_version bigint;
BEGIN
	IF current_setting('rossy.catalog_bumped_in', true) = txid_current()::text THEN
		SELECT "version" INTO next_version FROM "catalog_version";
		RETURN next_version;
	END IF;
	UPDATE "catalog_version" SET "version" = "version" + 1 RETURNING "version" INTO next_version;
	PERFORM pg_notify('catalog_changed', next_version::text);
	PERFORM set_config('rossy.catalog_bumped_in', txid_current()::text, true);
	RETURN next_version;
END;
$$;
