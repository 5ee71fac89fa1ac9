ALTER TABLE "payment_transactions" DROP CONSTRAINT "payment_transactions_status_valid";--> statement-breakpoint
ALTER TABLE "sandbox_charges" ALTER COLUMN "card" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "transfer_account" jsonb;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "received_kobo" integer;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "transfer" jsonb;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_status_valid" CHECK ("payment_transactions"."status" IN ('pending', 'successful', 'failed', 'review'));