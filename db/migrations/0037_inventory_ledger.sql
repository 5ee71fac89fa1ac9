-- Stock's places and its ledger (docs/decisions/0067-inventory-ledger.md). The shop has one location
-- to begin with, its shop, which sells online; each size × colour's stock is kept per location, and
-- every change to it is a row of the ledger with its reason, its cause and the balance after it.
CREATE TABLE "stock_locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"fulfils_online" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_locations_name_present" CHECK (btrim("name") <> '')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_one_default" ON "stock_locations" ((true)) WHERE "is_default";--> statement-breakpoint
CREATE TABLE "inventory_levels" (
	"variant_id" integer NOT NULL REFERENCES "product_variants"("id") ON DELETE CASCADE,
	"location_id" integer NOT NULL REFERENCES "stock_locations"("id"),
	"stock" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_levels_pk" PRIMARY KEY ("variant_id", "location_id"),
	CONSTRAINT "inventory_levels_stock_non_negative" CHECK ("stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"variant_id" integer REFERENCES "product_variants"("id") ON DELETE SET NULL,
	-- No key to the product: a movement written as a product is deleted keeps its number.
	"product_id" integer,
	"sku" text NOT NULL,
	"location_id" integer NOT NULL REFERENCES "stock_locations"("id"),
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"balance" integer NOT NULL,
	"order_id" integer REFERENCES "orders"("id") ON DELETE SET NULL,
	"return_id" integer REFERENCES "order_returns"("id") ON DELETE SET NULL,
	"actor_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_movements_quantity_not_zero" CHECK ("quantity" <> 0),
	CONSTRAINT "inventory_movements_balance_non_negative" CHECK ("balance" >= 0),
	CONSTRAINT "inventory_movements_reason_known" CHECK ("reason" IN ('opening', 'sale', 'release', 'cancel',
		'refund_restock', 'return_restock', 'exchange_out', 'exchange_back', 'import', 'edit', 'stocktake',
		'adjustment', 'transfer', 'in_store_sale'))
);
--> statement-breakpoint
-- A size × colour's history, newest first, one index read per page.
CREATE INDEX "inventory_movements_variant_idx" ON "inventory_movements" ("variant_id", "id" DESC);--> statement-breakpoint
-- A product's history in its editor, every size and colour together.
CREATE INDEX "inventory_movements_product_idx" ON "inventory_movements" ("product_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "inventory_movements_order_idx" ON "inventory_movements" ("order_id") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
-- What a change to a variant's stock is, as core/inventory names it for the transaction
-- (set_config('rossy.stock_*', …, true)); a change nobody named is an adjustment written directly.
CREATE FUNCTION record_stock_movement() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	delta integer;
	variant record;
	place integer;
	after_it integer;
	said_reason text := nullif(current_setting('rossy.stock_reason', true), '');
BEGIN
	IF TG_OP = 'INSERT' THEN
		delta := NEW.stock; variant := NEW;
	ELSIF TG_OP = 'DELETE' THEN
		delta := -OLD.stock; variant := OLD;
	ELSE
		delta := NEW.stock - OLD.stock; variant := NEW;
	END IF;
	IF delta = 0 AND TG_OP <> 'INSERT' THEN
		RETURN NULL;
	END IF;
	place := coalesce(nullif(current_setting('rossy.stock_location', true), '')::integer,
		(SELECT id FROM stock_locations WHERE is_default));
	-- A variant made with none has its level, at 0, and no row.
	IF delta = 0 THEN
		INSERT INTO inventory_levels (variant_id, location_id, stock) VALUES (NEW.id, place, 0)
		ON CONFLICT (variant_id, location_id) DO NOTHING;
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		DELETE FROM inventory_levels WHERE variant_id = OLD.id;
		after_it := 0;
	ELSE
		-- The variant's row is locked by the change itself, so its level is changed by one at a time.
		UPDATE inventory_levels SET stock = stock + delta
		 WHERE variant_id = variant.id AND location_id = place
		RETURNING stock INTO after_it;
		IF NOT FOUND THEN
			INSERT INTO inventory_levels (variant_id, location_id, stock) VALUES (variant.id, place, delta)
			RETURNING stock INTO after_it;
		END IF;
	END IF;
	INSERT INTO inventory_movements (variant_id, product_id, sku, location_id, quantity, reason, balance,
		order_id, return_id, actor_id, note)
	VALUES (CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE variant.id END, variant.product_id, variant.sku, place,
		delta, coalesce(said_reason, CASE WHEN TG_OP = 'UPDATE' THEN 'adjustment' ELSE 'edit' END), after_it,
		nullif(current_setting('rossy.stock_order', true), '')::integer,
		nullif(current_setting('rossy.stock_return', true), '')::integer,
		nullif(current_setting('rossy.stock_actor', true), '')::uuid,
		coalesce(current_setting('rossy.stock_note', true), ''));
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_ledger"
	AFTER INSERT OR DELETE OR UPDATE OF "stock" ON "product_variants"
	FOR EACH ROW EXECUTE FUNCTION record_stock_movement();
--> statement-breakpoint
-- The shop's first location and each variant's opening balance there; run again by a restore of a
-- backup taken before the ledger (it opens only what has no level yet).
CREATE FUNCTION open_inventory() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO stock_locations (name, fulfils_online, is_default)
	SELECT 'Shop', true, true WHERE NOT EXISTS (SELECT 1 FROM stock_locations WHERE is_default);
	WITH opened AS (
		INSERT INTO inventory_levels (variant_id, location_id, stock)
		SELECT v.id, (SELECT id FROM stock_locations WHERE is_default), v.stock
		  FROM product_variants v
		 WHERE NOT EXISTS (SELECT 1 FROM inventory_levels l WHERE l.variant_id = v.id)
		RETURNING variant_id, location_id, stock)
	INSERT INTO inventory_movements (variant_id, product_id, sku, location_id, quantity, reason, balance, note)
	SELECT v.id, v.product_id, v.sku, opened.location_id, opened.stock, 'opening', opened.stock, 'Opening balance'
	  FROM opened JOIN product_variants v ON v.id = opened.variant_id
	 WHERE opened.stock > 0
	 ORDER BY v.id;
END;
$$;
--> statement-breakpoint
SELECT open_inventory();
