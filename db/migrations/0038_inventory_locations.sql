-- Locations that sell, stocktakes, costs and low-stock thresholds (docs/decisions/0068-stock-locations.md).
-- A variant's `stock` is what can be sold online: the sum of its levels at the locations that fulfil
-- online orders. A location that does not (a store room) keeps its levels and its ledger rows only.
ALTER TABLE "stock_locations" ADD COLUMN "pickup" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- One location hands over pickup orders, and it sells online (its units are what a pickup order takes).
CREATE UNIQUE INDEX "stock_locations_one_pickup" ON "stock_locations" ((true)) WHERE "pickup";--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_pickup_sells_online" CHECK (NOT "pickup" OR "fulfils_online");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_name_idx" ON "stock_locations" (lower(btrim("name")));--> statement-breakpoint
UPDATE "stock_locations" SET "pickup" = true WHERE "is_default" AND "fulfils_online";--> statement-breakpoint
-- What a size × colour cost the shop (optional), and the count under which it is low (null: the shop's default).
ALTER TABLE "product_variants" ADD COLUMN "cost_kobo" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_cost_non_negative" CHECK ("cost_kobo" IS NULL OR "cost_kobo" >= 0);--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_low_stock_threshold_range" CHECK ("low_stock_threshold" IS NULL OR "low_stock_threshold" BETWEEN 0 AND 10000);--> statement-breakpoint
CREATE TABLE "stocktakes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"location_id" integer NOT NULL REFERENCES "stock_locations"("id"),
	"actor_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"note" text DEFAULT '' NOT NULL,
	-- The ledger's last row when the counting began: each difference is taken against the stock then,
	-- plus what sold or came back since (core/inventory/stocktake.ts).
	"as_of" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "stocktake_id" integer REFERENCES "stocktakes"("id") ON DELETE SET NULL;--> statement-breakpoint
-- Received stock may say what a unit cost.
ALTER TABLE "inventory_movements" ADD COLUMN "unit_cost_kobo" integer;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_unit_cost_non_negative" CHECK ("unit_cost_kobo" IS NULL OR "unit_cost_kobo" >= 0);--> statement-breakpoint
CREATE INDEX "inventory_movements_location_idx" ON "inventory_movements" ("location_id", "variant_id", "id");--> statement-breakpoint
-- One change of units at one location: its level and its ledger row, with the cause core/inventory
-- named for the transaction (core/inventory/cause.ts). Called by the trigger below for what sells
-- online, and by core/inventory directly for a location that does not. The caller holds the variant's
-- row locked, so a variant's levels change one writer at a time.
CREATE FUNCTION write_stock_movement(v_id integer, v_product integer, v_sku text, place integer, delta integer)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
	after_it integer;
BEGIN
	UPDATE inventory_levels SET stock = stock + delta
	 WHERE variant_id = v_id AND location_id = place
	RETURNING stock INTO after_it;
	IF NOT FOUND THEN
		INSERT INTO inventory_levels (variant_id, location_id, stock) VALUES (v_id, place, delta)
		RETURNING stock INTO after_it;
	END IF;
	INSERT INTO inventory_movements (variant_id, product_id, sku, location_id, quantity, reason, balance,
		order_id, return_id, actor_id, note, stocktake_id, unit_cost_kobo)
	VALUES (v_id, v_product, v_sku, place, delta,
		coalesce(nullif(current_setting('rossy.stock_reason', true), ''), 'adjustment'), after_it,
		nullif(current_setting('rossy.stock_order', true), '')::integer,
		nullif(current_setting('rossy.stock_return', true), '')::integer,
		nullif(current_setting('rossy.stock_actor', true), '')::uuid,
		coalesce(current_setting('rossy.stock_note', true), ''),
		nullif(current_setting('rossy.stock_stocktake', true), '')::integer,
		nullif(current_setting('rossy.stock_unit_cost', true), '')::integer);
	RETURN after_it;
END;
$$;
--> statement-breakpoint
-- A change to what sells online, spread over the locations that sell it: a named location first, then
-- the others in the owner's order (position). Units taken come from those that have them; units given
-- back go to the named location, else to where the order's sale took them, else to the first that sells.
CREATE OR REPLACE FUNCTION record_stock_movement() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	delta integer;
	named integer := nullif(current_setting('rossy.stock_location', true), '')::integer;
	said_order integer := nullif(current_setting('rossy.stock_order', true), '')::integer;
	said_reason text := nullif(current_setting('rossy.stock_reason', true), '');
	place integer;
	level record;
	take integer;
	left_over integer;
BEGIN
	-- A recount after a location starts or stops selling online moves no unit (core/inventory/locations.ts).
	IF current_setting('rossy.stock_recount', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		delta := NEW.stock;
	ELSE
		delta := NEW.stock - OLD.stock;
		IF delta = 0 THEN
			RETURN NULL;
		END IF;
	END IF;
	IF said_reason IS NULL THEN
		PERFORM set_config('rossy.stock_reason', CASE WHEN TG_OP = 'UPDATE' THEN 'adjustment' ELSE 'edit' END, true);
	END IF;
	IF named IS NOT NULL AND NOT EXISTS (SELECT 1 FROM stock_locations WHERE id = named AND fulfils_online) THEN
		RAISE EXCEPTION 'location % does not sell online', named USING ERRCODE = 'check_violation';
	END IF;
	IF delta >= 0 THEN
		place := coalesce(named,
			(SELECT m.location_id FROM inventory_movements m JOIN stock_locations s ON s.id = m.location_id
			  WHERE said_order IS NOT NULL AND m.order_id = said_order AND m.variant_id = NEW.id
			    AND m.quantity < 0 AND s.fulfils_online
			  ORDER BY m.id DESC LIMIT 1),
			(SELECT id FROM stock_locations WHERE fulfils_online ORDER BY position, id LIMIT 1));
		IF place IS NULL THEN
			RAISE EXCEPTION 'no location sells online' USING ERRCODE = 'check_violation';
		END IF;
		IF delta = 0 THEN
			-- A variant made with none has its level, at 0, and no row.
			INSERT INTO inventory_levels (variant_id, location_id, stock) VALUES (NEW.id, place, 0)
			ON CONFLICT (variant_id, location_id) DO NOTHING;
		ELSE
			PERFORM write_stock_movement(NEW.id, NEW.product_id, NEW.sku, place, delta);
		END IF;
	ELSE
		left_over := -delta;
		FOR level IN
			SELECT l.location_id, l.stock FROM inventory_levels l JOIN stock_locations s ON s.id = l.location_id
			 WHERE l.variant_id = NEW.id AND s.fulfils_online AND l.stock > 0
			 ORDER BY (l.location_id = named) DESC NULLS LAST, s.position, s.id
		LOOP
			take := least(left_over, level.stock);
			PERFORM write_stock_movement(NEW.id, NEW.product_id, NEW.sku, level.location_id, -take);
			left_over := left_over - take;
			EXIT WHEN left_over = 0;
		END LOOP;
		IF left_over > 0 THEN
			RAISE EXCEPTION 'the locations of % hold % fewer than its stock', NEW.sku, left_over
				USING ERRCODE = 'check_violation';
		END IF;
	END IF;
	IF said_reason IS NULL THEN
		PERFORM set_config('rossy.stock_reason', '', true);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A variant removed: a row for what each location held, written before its levels go with it.
CREATE FUNCTION record_stock_removal() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO inventory_movements (variant_id, product_id, sku, location_id, quantity, reason, balance,
		order_id, return_id, actor_id, note)
	SELECT NULL, OLD.product_id, OLD.sku, l.location_id, -l.stock,
		coalesce(nullif(current_setting('rossy.stock_reason', true), ''), 'edit'), 0,
		nullif(current_setting('rossy.stock_order', true), '')::integer,
		nullif(current_setting('rossy.stock_return', true), '')::integer,
		nullif(current_setting('rossy.stock_actor', true), '')::uuid,
		coalesce(current_setting('rossy.stock_note', true), '')
	  FROM inventory_levels l
	 WHERE l.variant_id = OLD.id AND l.stock > 0
	 ORDER BY l.location_id;
	RETURN OLD;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "product_variants_stock_ledger" ON "product_variants";--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_ledger"
	AFTER INSERT OR UPDATE OF "stock" ON "product_variants"
	FOR EACH ROW EXECUTE FUNCTION record_stock_movement();
--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_removal"
	BEFORE DELETE ON "product_variants"
	FOR EACH ROW EXECUTE FUNCTION record_stock_removal();
