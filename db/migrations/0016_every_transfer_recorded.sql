ALTER TABLE "payment_transactions" DROP CONSTRAINT "payment_transactions_status_valid";--> statement-breakpoint
DROP INDEX "payment_transactions_tx_ref_idx";--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "attempt_id" integer;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "shortfall_kobo" integer;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "refund_due_kobo" integer;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "refund_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_attempt_id_payment_transactions_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_transactions_attempt_idx" ON "payment_transactions" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_refund_due_idx" ON "payment_transactions" USING btree ("refund_due_at") WHERE "payment_transactions"."refund_due_kobo" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_tx_ref_idx" ON "payment_transactions" USING btree ("tx_ref") WHERE "payment_transactions"."attempt_id" IS NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_status_valid" CHECK ("payment_transactions"."status" IN ('pending', 'successful', 'failed', 'review', 'refund_due'));--> statement-breakpoint
-- What the books already hold, said as the shop now says it: an overpayment owes the difference back,
UPDATE "payment_transactions" SET "refund_due_kobo" = "received_kobo" - "amount_kobo", "refund_due_at" = "updated_at"
  WHERE "status" = 'successful' AND "received_kobo" > "amount_kobo";--> statement-breakpoint
-- money paid into an order that was cancelled is owed back whole,
UPDATE "payment_transactions" AS t SET "status" = 'refund_due', "verified" = false,
    "refund_due_kobo" = coalesce(t."received_kobo", t."amount_kobo"), "refund_due_at" = t."updated_at"
  FROM "orders" AS o
  WHERE o."id" = t."order_id" AND o."status" = 'cancelled' AND o."payment_status" <> 'paid'
    AND t."status" = 'successful' AND t."provider" <> 'bank-transfer';--> statement-breakpoint
-- a short transfer the shop confirmed records the shortfall it accepted,
UPDATE "payment_transactions" SET "shortfall_kobo" = "amount_kobo" - "received_kobo"
  WHERE "status" = 'successful' AND "received_kobo" < "amount_kobo" AND "verified_by" IS NOT NULL;--> statement-breakpoint
-- and an order under review holds its items for 7 days from now (the setting's default), not for ever.
UPDATE "orders" AS o SET "stock_held_until" = now() + interval '7 days'
  WHERE o."status" = 'awaiting_payment' AND o."payment_status" <> 'paid' AND o."stock_released_at" IS NULL
    AND o."stock_held_until" IS NULL
    AND EXISTS (SELECT 1 FROM "payment_transactions" AS t WHERE t."order_id" = o."id" AND t."status" = 'review');
