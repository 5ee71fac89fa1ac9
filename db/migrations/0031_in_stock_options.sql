-- What a shopper can buy of a product, by size and by colour, on the product's own row: the sizes and
-- the colours (lower case, as a filter compares them) of its variants with stock. A list filtered by
-- size or colour asked the variants once per product it looked at (an EXISTS per row): at 100,000
-- products a colour its cheapest pieces lack walked 43,000 of them in price order before its page
-- was full. On the row, behind a GIN index, the matches are found at once and counted by the planner.
ALTER TABLE "products" ADD COLUMN "in_stock_sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "in_stock_colours" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- A product's stock and its options in stock, from its variants, for the products `ids` names (every
-- product when NULL: a restore from a backup taken before this migration). A row is written only
-- when one of them changed. The stock guard lets this one function (one trigger level down, or
-- called directly) write them.
CREATE FUNCTION "sync_products_from_variants"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	-- The products first, in id order: a writer of other variants of the same product that committed
	-- while this one waited is then in the totals (the UPDATE reads after the lock, not before it).
	PERFORM 1 FROM "products" WHERE ids IS NULL OR "id" = ANY(ids) ORDER BY "id" FOR UPDATE;
	PERFORM set_config('rossy.syncing_stock', 'on', true);
	UPDATE "products" p
	   SET "stock" = totals.stock, "in_stock_sizes" = totals.sizes, "in_stock_colours" = totals.colours
	  FROM (SELECT q."id",
	               coalesce(sum(v."stock"), 0)::integer AS stock,
	               coalesce(array_agg(DISTINCT v."size" ORDER BY v."size")
	                          FILTER (WHERE v."stock" > 0 AND v."size" <> ''), '{}') AS sizes,
	               coalesce(array_agg(DISTINCT lower(v."color") ORDER BY lower(v."color"))
	                          FILTER (WHERE v."stock" > 0 AND v."color" <> ''), '{}') AS colours
	          FROM "products" q LEFT JOIN "product_variants" v ON v."product_id" = q."id"
	         WHERE ids IS NULL OR q."id" = ANY(ids)
	         GROUP BY q."id") AS totals
	 WHERE p."id" = totals."id"
	   AND (p."stock", p."in_stock_sizes", p."in_stock_colours")
	       IS DISTINCT FROM (totals.stock, totals.sizes, totals.colours);
	PERFORM set_config('rossy.syncing_stock', 'off', true);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sync_product_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "sync_products_from_variants"(ARRAY(SELECT DISTINCT "product_id" FROM new_rows));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM "sync_products_from_variants"(
			ARRAY(SELECT "product_id" FROM old_rows UNION SELECT "product_id" FROM new_rows));
	ELSE
		PERFORM "sync_products_from_variants"(ARRAY(SELECT DISTINCT "product_id" FROM old_rows));
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A direct write to the stock or the options in stock would say what no variant holds: refused. Only
-- sync_products_from_variants writes them (the trigger above, one level down, or a restore).
CREATE OR REPLACE FUNCTION "guard_product_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF pg_trigger_depth() < 2 AND coalesce(current_setting('rossy.syncing_stock', true), 'off') <> 'on' THEN
		RAISE EXCEPTION 'products.stock and its options in stock come from the product''s variants: change product_variants.stock instead'
			USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "products_stock_guard" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_stock_guard" BEFORE UPDATE OF "stock", "in_stock_sizes", "in_stock_colours" ON "products"
	FOR EACH ROW WHEN (OLD."stock" IS DISTINCT FROM NEW."stock"
		OR OLD."in_stock_sizes" IS DISTINCT FROM NEW."in_stock_sizes"
		OR OLD."in_stock_colours" IS DISTINCT FROM NEW."in_stock_colours")
	EXECUTE FUNCTION "guard_product_stock"();
--> statement-breakpoint
SELECT "sync_products_from_variants"(NULL);--> statement-breakpoint
CREATE INDEX "products_in_stock_sizes_idx" ON "products" USING gin ("in_stock_sizes");--> statement-breakpoint
-- The variants' partial indexes served the filters' EXISTS (0017, 0022): nothing reads them now, and
-- each was written whenever a variant's stock crossed zero.
DROP INDEX "product_variants_size_in_stock_idx";--> statement-breakpoint
DROP INDEX "product_variants_colour_in_stock_idx";--> statement-breakpoint
CREATE INDEX "products_in_stock_colours_idx" ON "products" USING gin ("in_stock_colours");--> statement-breakpoint
-- The "top rated" order read from an index, as the featured, price and newest orders are: it sorted
-- every product on sale (100 ms at 100,000) for a page, or for the first rows a filtered list looks at.
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating_average" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id") WHERE "products"."status" = 'active';--> statement-breakpoint
-- The planner's statistics of the new columns (how many products each size and colour has in stock),
-- at once rather than when autovacuum comes by: without them it guesses 0.5 % for any colour.
ANALYZE "products";
