-- A pickup code proves the shopper at the counter: staff type it, they never read it, and neither
-- the database nor a backup holds it in a usable form (decision 0060). The order keeps the code's
-- proof (an HMAC under the shop key) to check what staff type, and the code sealed with the shop key
-- for its shopper's page. SQL does not know the shop key: the codes of orders readied before this
-- migration stay in pickup_code until the shop starts, which seals and proves them and empties it
-- (core/orders/pickup-code.ts protectPlainPickupCodes), so every code already sent still collects.
ALTER TABLE "orders" ADD COLUMN "pickup_code_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_code_sealed" text;
