CREATE TABLE "stock_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_email_lower" CHECK ("stock_alerts"."email" = lower("stock_alerts"."email") AND "stock_alerts"."email" <> '')
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("product_id","size","color","email") WHERE "stock_alerts"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_alerts_email_idx" ON "stock_alerts" USING btree ("email") WHERE "stock_alerts"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_alerts_due_idx" ON "stock_alerts" USING btree ("due_at") WHERE "stock_alerts"."due_at" IS NOT NULL AND "stock_alerts"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_alerts_created_idx" ON "stock_alerts" USING btree ("created_at");--> statement-breakpoint
-- A size and colour coming back into stock (its stock going from 0 to more, or a new variant
-- inserted with stock) makes its waiting alerts due, in the restocking transaction, whatever the
-- path: the owner's grid, an import, a cancellation or the unpaid-order release giving units back.
-- The job (server/jobs/stock-alerts.ts) mails them once; the notice wakes it at once.
CREATE FUNCTION "stock_alerts_due"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "stock_alerts" SET "due_at" = now()
	 WHERE "product_id" = NEW."product_id" AND "size" = NEW."size" AND "color" = NEW."color"
	   AND "notified_at" IS NULL;
	IF FOUND THEN
		PERFORM pg_notify('stock_alerts_due', NEW."product_id"::text);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_variants_back_in_stock" AFTER UPDATE OF "stock" ON "product_variants"
	FOR EACH ROW WHEN (OLD."stock" <= 0 AND NEW."stock" > 0) EXECUTE FUNCTION "stock_alerts_due"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_new_in_stock" AFTER INSERT ON "product_variants"
	FOR EACH ROW WHEN (NEW."stock" > 0) EXECUTE FUNCTION "stock_alerts_due"();
