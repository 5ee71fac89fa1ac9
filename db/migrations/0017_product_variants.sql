CREATE TABLE "product_variants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"sku" text NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"price_kobo" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_non_negative" CHECK ("product_variants"."price_kobo" IS NULL OR "product_variants"."price_kobo" >= 0),
	CONSTRAINT "product_variants_sku_upper" CHECK ("product_variants"."sku" = upper("product_variants"."sku") AND "product_variants"."sku" <> '')
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_option_idx" ON "product_variants" USING btree ("product_id","size","color");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_idx" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "product_variants_size_in_stock_idx" ON "product_variants" USING btree ("size","product_id") WHERE "product_variants"."stock" > 0;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" USING btree ("variant_id");--> statement-breakpoint
-- A SKU's parts: a size as its letters and digits ('One Size' → 'ONESIZE'), a colour as its first
-- letter and the consonants after it, three at most ('Olive' → 'OLV').
CREATE FUNCTION "sku_size_part"(size text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT upper(regexp_replace(size, '[^A-Za-z0-9]', '', 'g'))
$$;
--> statement-breakpoint
CREATE FUNCTION "sku_colour_part"(colour text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT upper(left(left(c, 1) || regexp_replace(substr(c, 2), '[AEIOUaeiou]', '', 'g'), 3))
	  FROM (SELECT regexp_replace(colour, '[^A-Za-z0-9]', '', 'g') AS c) AS cleaned
$$;
--> statement-breakpoint
-- A SKU no variant has yet: ROS-{product}[-{size}][-{colour}], then -2, -3… while it is taken.
CREATE FUNCTION "free_variant_sku"(product_id integer, size text, colour text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	base text := 'ROS-' || product_id
		|| CASE WHEN "sku_size_part"(size) <> '' THEN '-' || "sku_size_part"(size) ELSE '' END
		|| CASE WHEN "sku_colour_part"(colour) <> '' THEN '-' || "sku_colour_part"(colour) ELSE '' END;
	candidate text := base;
	n integer := 1;
BEGIN
	WHILE EXISTS (SELECT 1 FROM "product_variants" WHERE "sku" = candidate) LOOP
		n := n + 1;
		candidate := base || '-' || n;
	END LOOP;
	RETURN candidate;
END;
$$;
--> statement-breakpoint
-- A product's grid from its sizes and colours (one default variant when it has neither), with
-- `total` units spread over it as evenly as whole units allow: each variant gets total / n, and the
-- first total % n variants (colours in order, sizes in order within a colour) one more. The total
-- never changes (decision 0032). Variants the product already has are kept as they are.
CREATE FUNCTION "spread_product_stock"(product integer, total integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	size_names text[];
	colour_names text[];
	n integer;
	i integer := 0;
	s text;
	c text;
BEGIN
	SELECT coalesce(array_agg(DISTINCT_SIZES.size ORDER BY DISTINCT_SIZES.first), '{}')
	  INTO size_names
	  FROM (SELECT sz AS size, min(ord) AS first FROM "products" p, unnest(p."sizes") WITH ORDINALITY AS u(sz, ord)
	         WHERE p."id" = product AND btrim(sz) <> '' GROUP BY sz) AS DISTINCT_SIZES;
	SELECT coalesce(array_agg(DISTINCT_COLOURS.colour ORDER BY DISTINCT_COLOURS.first), '{}')
	  INTO colour_names
	  FROM (SELECT e->>'name' AS colour, min(ord) AS first
	          FROM "products" p, jsonb_array_elements(p."colors") WITH ORDINALITY AS u(e, ord)
	         WHERE p."id" = product AND coalesce(btrim(e->>'name'), '') <> '' GROUP BY e->>'name') AS DISTINCT_COLOURS;
	IF cardinality(size_names) = 0 THEN size_names := ARRAY['']; END IF;
	IF cardinality(colour_names) = 0 THEN colour_names := ARRAY['']; END IF;
	n := cardinality(size_names) * cardinality(colour_names);
	FOREACH c IN ARRAY colour_names LOOP
		FOREACH s IN ARRAY size_names LOOP
			IF NOT EXISTS (SELECT 1 FROM "product_variants" v
			                WHERE v."product_id" = product AND v."size" = s AND v."color" = c) THEN
				INSERT INTO "product_variants" ("product_id", "size", "color", "sku", "stock", "position")
				VALUES (product, s, c, "free_variant_sku"(product, s, c),
				        greatest(total, 0) / n + CASE WHEN i < greatest(total, 0) % n THEN 1 ELSE 0 END, i);
			END IF;
			i := i + 1;
		END LOOP;
	END LOOP;
END;
$$;
--> statement-breakpoint
-- products.stock is the sum of the product's variants, set here after any statement that changes
-- them (an order, a cancellation, the owner's grid, an import), and nowhere else.
CREATE FUNCTION "sync_product_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "products" p SET "stock" = totals.stock
		  FROM (SELECT v."product_id", coalesce(sum(v."stock"), 0)::integer AS stock FROM "product_variants" v
		         WHERE v."product_id" IN (SELECT "product_id" FROM new_rows) GROUP BY v."product_id") AS totals
		 WHERE p."id" = totals."product_id" AND p."stock" IS DISTINCT FROM totals.stock;
	ELSE
		UPDATE "products" p
		   SET "stock" = coalesce((SELECT sum(v."stock") FROM "product_variants" v WHERE v."product_id" = p."id"), 0)::integer
		 WHERE p."id" IN (SELECT "product_id" FROM old_rows)
		   AND p."stock" IS DISTINCT FROM
		       coalesce((SELECT sum(v."stock") FROM "product_variants" v WHERE v."product_id" = p."id"), 0)::integer;
		IF TG_OP = 'UPDATE' THEN
			UPDATE "products" p
			   SET "stock" = coalesce((SELECT sum(v."stock") FROM "product_variants" v WHERE v."product_id" = p."id"), 0)::integer
			 WHERE p."id" IN (SELECT "product_id" FROM new_rows EXCEPT SELECT "product_id" FROM old_rows);
		END IF;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_inserted" AFTER INSERT ON "product_variants"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sync_product_stock"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_updated" AFTER UPDATE ON "product_variants"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sync_product_stock"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_deleted" AFTER DELETE ON "product_variants"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sync_product_stock"();
--> statement-breakpoint
-- A direct write to products.stock would count units no variant holds: refused. Only the trigger
-- above (one level down) sets it.
CREATE FUNCTION "guard_product_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF pg_trigger_depth() < 2 THEN
		RAISE EXCEPTION 'products.stock is the sum of the product''s variants: change product_variants.stock instead'
			USING ERRCODE = 'check_violation';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_stock_guard" BEFORE UPDATE OF "stock" ON "products"
	FOR EACH ROW WHEN (OLD."stock" IS DISTINCT FROM NEW."stock") EXECUTE FUNCTION "guard_product_stock"();
--> statement-breakpoint
-- A product added without variants (a direct insert, an older tool) gets its grid with its stock spread.
CREATE FUNCTION "product_variants_for_new_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM "product_variants" WHERE "product_id" = NEW."id") THEN
		PERFORM "spread_product_stock"(NEW."id", NEW."stock");
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_variants_created" AFTER INSERT ON "products"
	FOR EACH ROW EXECUTE FUNCTION "product_variants_for_new_product"();
--> statement-breakpoint
-- What a shopper sees of a variant is the catalogue's too: its options, SKU and price, whether it is
-- in stock and its exact count below the low-stock threshold (5), as for products (0012).
CREATE FUNCTION "product_variant_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF (to_jsonb(OLD) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at')
		OR LEAST(GREATEST(OLD."stock", 0), 5) <> LEAST(GREATEST(NEW."stock", 0), 5) THEN
		PERFORM "bump_catalog_version"();
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_variants_catalog_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "product_variants"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_catalog_updated" AFTER UPDATE ON "product_variants"
	FOR EACH ROW EXECUTE FUNCTION "product_variant_changed"();
--> statement-breakpoint
-- Today's stock moves onto the variants, every product's total unchanged (the rule above).
SELECT "spread_product_stock"(p."id", p."stock") FROM "products" p ORDER BY p."id";
--> statement-breakpoint
-- Lines already ordered point at the variant they were taken from: the same size and colour, else
-- the same size in the first colour, else the product's first variant. A cancellation or release of
-- an order placed before variants gives its units back there.
UPDATE "order_lines" l SET "variant_id" = (
    SELECT v."id" FROM "product_variants" v
     WHERE v."product_id" = l."product_id"
     ORDER BY (v."size" = coalesce(l."size", '') AND v."color" = coalesce(l."color", '')) DESC,
              (v."size" = coalesce(l."size", '')) DESC, v."position"
     LIMIT 1)
 WHERE l."product_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "order_lines" l SET "sku" = v."sku" FROM "product_variants" v WHERE v."id" = l."variant_id";
