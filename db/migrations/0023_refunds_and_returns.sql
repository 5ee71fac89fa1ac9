CREATE SEQUENCE "public"."return_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount_kobo" integer NOT NULL,
	CONSTRAINT "refund_lines_quantity_positive" CHECK ("refund_lines"."quantity" > 0),
	CONSTRAINT "refund_lines_amount_non_negative" CHECK ("refund_lines"."amount_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_transaction_id" integer,
	"return_id" integer,
	"purpose" text DEFAULT 'order' NOT NULL,
	"provider" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"shipping_kobo" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	"provider_refund_id" text,
	"provider_reference" text,
	"failure_reason" text,
	"bank_details" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"created_by" uuid,
	"created_by_email" text DEFAULT '' NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_kobo" > 0),
	CONSTRAINT "refunds_shipping_within_amount" CHECK ("refunds"."shipping_kobo" >= 0 AND "refunds"."shipping_kobo" <= "refunds"."amount_kobo"),
	CONSTRAINT "refunds_status_valid" CHECK ("refunds"."status" IN ('pending', 'completed', 'failed')),
	CONSTRAINT "refunds_provider_valid" CHECK ("refunds"."provider" IN ('flutterwave', 'sandbox', 'manual')),
	CONSTRAINT "refunds_purpose_valid" CHECK ("refunds"."purpose" IN ('order', 'owed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"status" text NOT NULL,
	"settles_as" text DEFAULT 'completed' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"resolution" text NOT NULL,
	"requested_by" uuid,
	"note" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"decline_reason" text,
	"exchange_carrier" text,
	"exchange_tracking_number" text,
	"handled_by" uuid,
	"approved_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_status_valid" CHECK ("order_returns"."status" IN ('requested', 'approved', 'declined', 'received', 'refunded', 'exchanged', 'closed')),
	CONSTRAINT "order_returns_resolution_valid" CHECK ("order_returns"."resolution" IN ('refund', 'exchange'))
);
--> statement-breakpoint
CREATE TABLE "return_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"product_id" integer,
	"size" text,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"reason_text" text DEFAULT '' NOT NULL,
	"exchange_variant_id" integer,
	"exchange_reserved" boolean DEFAULT false NOT NULL,
	"restocked" boolean,
	CONSTRAINT "return_items_quantity_positive" CHECK ("return_items"."quantity" > 0),
	CONSTRAINT "return_items_reason_valid" CHECK ("return_items"."reason" IN ('too_small', 'too_big', 'not_as_pictured', 'damaged', 'changed_mind', 'other'))
);
--> statement-breakpoint
CREATE TABLE "review_fits" (
	"review_id" integer PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"fit" text NOT NULL,
	CONSTRAINT "review_fits_fit_valid" CHECK ("review_fits"."fit" IN ('small', 'true', 'large'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("payment_transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_exchange_variant_id_product_variants_id_fk" FOREIGN KEY ("exchange_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_fits" ADD CONSTRAINT "review_fits_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_lines_refund_idx" ON "refund_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_lines_line_idx" ON "refund_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("last_attempt_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_idx" ON "refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_return_idx" ON "refunds" USING btree ("return_id") WHERE "refunds"."return_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_refund_idx" ON "sandbox_refunds" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_transaction_idx" ON "sandbox_refunds" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_number_idx" ON "order_returns" USING btree ("number");--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_status_idx" ON "order_returns" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "return_items_return_idx" ON "return_items" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_items_line_idx" ON "return_items" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "return_items_product_idx" ON "return_items" USING btree ("product_id","reason");--> statement-breakpoint
CREATE INDEX "review_fits_product_idx" ON "review_fits" USING btree ("product_id");--> statement-breakpoint
-- An order delivered before this migration: its returns window counts from its 'delivered' event.
UPDATE "orders" o SET "delivered_at" = e."at"
  FROM (SELECT "order_id", max("created_at") AS "at" FROM "order_events" WHERE "status" = 'delivered' GROUP BY "order_id") e
 WHERE o."id" = e."order_id" AND o."status" = 'delivered' AND o."delivered_at" IS NULL;--> statement-breakpoint
-- The product page's fit advice reads why pieces came back and how they fitted: either changes it.
CREATE TRIGGER "return_items_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "return_items"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "review_fits_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "review_fits"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
