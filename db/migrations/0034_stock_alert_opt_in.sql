-- Back in stock alerts are asked for by a mailbox and confirmed by it (decision 0034, issue findings
-- 7 and 8). An alert keeps the address typed (the mail goes there) and its mailbox: lower case,
-- without a +tag, and for Gmail without the local part's dots and with googlemail.com read as
-- gmail.com (core/mail/mailbox.ts says the same in TypeScript). One alert per option and mailbox;
-- a sign-up is pending until the link mailed to it is followed, and only a confirmed one is mailed
-- at a restock and counts toward the option's list.
-- The mailbox is made by the database from the address, so a row written any way has it right.
ALTER TABLE "stock_alerts" ADD COLUMN "mailbox" text GENERATED ALWAYS AS (CASE WHEN substring(email from '@([^@]*)$') IN ('gmail.com', 'googlemail.com') THEN coalesce(nullif(replace((CASE WHEN strpos(substring(email from '^(.*)@[^@]*$'), '+') > 1 THEN split_part(substring(email from '^(.*)@[^@]*$'), '+', 1) ELSE substring(email from '^(.*)@[^@]*$') END), '.', ''), ''), (CASE WHEN strpos(substring(email from '^(.*)@[^@]*$'), '+') > 1 THEN split_part(substring(email from '^(.*)@[^@]*$'), '+', 1) ELSE substring(email from '^(.*)@[^@]*$') END)) || '@gmail.com' ELSE coalesce((CASE WHEN strpos(substring(email from '^(.*)@[^@]*$'), '+') > 1 THEN split_part(substring(email from '^(.*)@[^@]*$'), '+', 1) ELSE substring(email from '^(.*)@[^@]*$') END) || '@' || substring(email from '@([^@]*)$'), email) END) STORED NOT NULL;--> statement-breakpoint
-- Alerts asked for before confirmation existed are kept as confirmed, from when they were asked for:
-- nobody already waiting loses an alert. A sign-up writes null (pending); a row written without it
-- (one restored from an older backup) is confirmed, as these are.
ALTER TABLE "stock_alerts" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
UPDATE "stock_alerts" SET "confirmed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
-- One mailbox waited under several addresses (a +tag flood): it keeps one alert per option, the one
-- under its plain address if there is one, else the newest...
DELETE FROM "stock_alerts" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
             PARTITION BY "product_id", "size", "color", "mailbox"
             ORDER BY ("email" = "mailbox") DESC, "created_at" DESC, "id" DESC) AS "n"
      FROM "stock_alerts" WHERE "notified_at" IS NULL) AS "ranked"
   WHERE "n" > 1);--> statement-breakpoint
-- ...and its newest 20 options, as one address did (stockAlertLimits.perMailbox).
DELETE FROM "stock_alerts" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "mailbox" ORDER BY "created_at" DESC, "id" DESC) AS "n"
      FROM "stock_alerts" WHERE "notified_at" IS NULL) AS "ranked"
   WHERE "n" > 20);--> statement-breakpoint
DROP INDEX "stock_alerts_waiting_idx";--> statement-breakpoint
DROP INDEX "stock_alerts_email_idx";--> statement-breakpoint
DROP INDEX "stock_alerts_due_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("product_id","size","color","mailbox") WHERE "stock_alerts"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_alerts_mailbox_idx" ON "stock_alerts" USING btree ("mailbox") WHERE "stock_alerts"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_alerts_token_idx" ON "stock_alerts" USING btree ("token_hash") WHERE "stock_alerts"."token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_alerts_due_idx" ON "stock_alerts" USING btree ("due_at") WHERE "stock_alerts"."due_at" IS NOT NULL AND "stock_alerts"."notified_at" IS NULL AND "stock_alerts"."confirmed_at" IS NOT NULL;
