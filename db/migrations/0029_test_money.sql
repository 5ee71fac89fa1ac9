ALTER TABLE "payment_transactions" ADD COLUMN "test_money" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every payment the TEST MODE sandbox took so far moved no money. Payments taken earlier with a
-- provider's test keys cannot be told apart from live ones any more: they stay as recorded.
UPDATE "payment_transactions" SET "test_money" = true WHERE "provider" = 'sandbox';
