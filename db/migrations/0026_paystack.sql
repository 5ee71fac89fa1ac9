ALTER TABLE "refunds" DROP CONSTRAINT "refunds_status_valid";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_provider_valid";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_valid" CHECK ("refunds"."status" IN ('pending', 'completed', 'failed', 'needs_attention'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_provider_valid" CHECK ("refunds"."provider" IN ('flutterwave', 'paystack', 'sandbox', 'manual'));