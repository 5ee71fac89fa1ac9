-- The catalogue's version: one counter every cached catalogue answer is keyed by (server/cache).
-- Any change a shopper could see in the catalogue bumps it inside the changing transaction, and
-- announces it on the channel `catalog_changed` when that transaction commits, so every process
-- drops what it cached the moment the change is visible, however the change was made.
CREATE TABLE "catalog_version" (
	"id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (true, 1);
--> statement-breakpoint
CREATE FUNCTION "bump_catalog_version"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	next_version bigint;
BEGIN
	UPDATE "catalog_version" SET "version" = "version" + 1 RETURNING "version" INTO next_version;
	PERFORM pg_notify('catalog_changed', next_version::text);
	RETURN next_version;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "bump_catalog_version"();
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An order moves a product's stock and sold count on every sale: only what a shopper sees of them
-- counts as a change (the stock status, and the exact count below the low-stock threshold, 5, which
-- the product page quotes). The best-selling order is never cached, so the sold count alone does not.
CREATE FUNCTION "product_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF (to_jsonb(OLD) - 'stock' - 'sold_count' - 'updated_at' - 'search_vector')
			IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'sold_count' - 'updated_at' - 'search_vector')
		OR LEAST(GREATEST(OLD."stock", 0), 5) <> LEAST(GREATEST(NEW."stock", 0), 5) THEN
		PERFORM "bump_catalog_version"();
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_catalog_updated" AFTER UPDATE ON "products"
	FOR EACH ROW EXECUTE FUNCTION "product_changed"();
--> statement-breakpoint
CREATE TRIGGER "categories_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "brands_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_images_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_images"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "reviews_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "settings_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
