-- A SKU no variant has yet and none of `taken` either (SKUs chosen for variants not written yet):
-- ROS-{product}[-{size}][-{colour}], then -2, -3… while it is taken (0017's rule).
CREATE FUNCTION "free_variant_sku"(product_id integer, size text, colour text, taken text[]) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	base text := 'ROS-' || product_id
		|| CASE WHEN "sku_size_part"(size) <> '' THEN '-' || "sku_size_part"(size) ELSE '' END
		|| CASE WHEN "sku_colour_part"(colour) <> '' THEN '-' || "sku_colour_part"(colour) ELSE '' END;
	candidate text := base;
	n integer := 1;
BEGIN
	WHILE candidate = ANY(taken) OR EXISTS (SELECT 1 FROM "product_variants" WHERE "sku" = candidate) LOOP
		n := n + 1;
		candidate := base || '-' || n;
	END LOOP;
	RETURN candidate;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "free_variant_sku"(product_id integer, size text, colour text) RETURNS text LANGUAGE sql AS $$
	SELECT "free_variant_sku"(product_id, size, colour, '{}'::text[])
$$;
--> statement-breakpoint
-- A product's grid with `total` units spread over it, by 0017's rule (the same variants, SKUs, stock
-- and positions), now written by one INSERT. Inserted one by one, each variant set products.stock to
-- the running sum of the grid so far: a product added without variants was written again for each
-- variant (up to nine dead copies of a 1.2 KB row, which VACUUM frees but does not give back).
-- In one statement the grid's sum is the product's stock, and the product is not written again.
CREATE OR REPLACE FUNCTION "spread_product_stock"(product integer, total integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	size_names text[];
	colour_names text[];
	n integer;
	i integer := 0;
	s text;
	c text;
	grid_sizes text[] := '{}';
	grid_colours text[] := '{}';
	grid_skus text[] := '{}';
	grid_stock integer[] := '{}';
	grid_positions integer[] := '{}';
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
				grid_sizes := grid_sizes || s;
				grid_colours := grid_colours || c;
				grid_skus := grid_skus || "free_variant_sku"(product, s, c, grid_skus);
				grid_stock := grid_stock || (greatest(total, 0) / n + CASE WHEN i < greatest(total, 0) % n THEN 1 ELSE 0 END);
				grid_positions := grid_positions || i;
			END IF;
			i := i + 1;
		END LOOP;
	END LOOP;
	IF cardinality(grid_skus) > 0 THEN
		INSERT INTO "product_variants" ("product_id", "size", "color", "sku", "stock", "position")
		SELECT product, g.size, g.colour, g.sku, g.stock, g.position
		  FROM unnest(grid_sizes, grid_colours, grid_skus, grid_stock, grid_positions)
		       AS g(size, colour, sku, stock, position)
		 ORDER BY g.position;
	END IF;
END;
$$;
