ALTER TABLE "orders" ADD COLUMN "first_order_coupon" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_address_hash" text;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "transaction_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_first_order_coupon_email_idx" ON "orders" USING btree ("email") WHERE "orders"."first_order_coupon" AND "orders"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_first_order_coupon_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."first_order_coupon" AND "orders"."status" <> 'cancelled' AND "orders"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_open_unpaid_address_idx" ON "orders" USING btree ("client_address_hash") WHERE "orders"."status" = 'awaiting_payment' AND "orders"."stock_released_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_charges_transaction_id_idx" ON "sandbox_charges" USING btree ("transaction_id");