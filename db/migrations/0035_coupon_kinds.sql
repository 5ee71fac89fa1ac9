-- Coupons a Nigerian shop runs (decision 0064): a percentage, a fixed amount off the eligible lines
-- or free delivery; a minimum spend on the eligible lines; a limit per customer; chosen categories
-- (with those below them) and products. Every coupon already there is a percent coupon, as it was.
ALTER TABLE "coupons" ADD COLUMN "type" text DEFAULT 'percent' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "amount_kobo" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "minimum_spend_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "usage_limit_per_customer" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "category_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "percent" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_percent_range";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_terms_fit_type" CHECK (("coupons"."type" = 'percent' AND "coupons"."percent" IS NOT NULL AND "coupons"."percent" BETWEEN 1 AND 100 AND "coupons"."amount_kobo" IS NULL) OR ("coupons"."type" = 'fixed' AND "coupons"."amount_kobo" IS NOT NULL AND "coupons"."amount_kobo" > 0 AND "coupons"."percent" IS NULL) OR ("coupons"."type" = 'free_delivery' AND "coupons"."percent" IS NULL AND "coupons"."amount_kobo" IS NULL));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_limits_valid" CHECK ("coupons"."minimum_spend_kobo" >= 0 AND ("coupons"."usage_limit_per_customer" IS NULL OR "coupons"."usage_limit_per_customer" >= 1));--> statement-breakpoint
-- Each line's share of its order's discount, from now on; null on the lines of earlier orders, whose
-- share is their part of the subtotal, as refunds have always counted it.
ALTER TABLE "order_lines" ADD COLUMN "discount_kobo" integer;--> statement-breakpoint
CREATE INDEX "orders_coupon_email_idx" ON "orders" USING btree ("coupon_code","email") WHERE "orders"."coupon_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_coupon_phone_idx" ON "orders" USING btree ("coupon_code","phone") WHERE "orders"."coupon_code" IS NOT NULL;--> statement-breakpoint
-- A coupon's limit per customer, checked inside the statement that places an order, after the limit
-- on open unpaid orders: advisory locks on the coupon with the order's e-mail, then its phone, then
-- its account make the count and the new order one step however many checkouts of one customer race,
-- and a VOLATILE function counts with a snapshot taken after the locks. Orders not cancelled count
-- (a cancelled order gives its use back). Raises 'order-refused:coupon-customer' at the limit.
CREATE OR REPLACE FUNCTION take_coupon_customer_use(coupon text, per_customer integer, customer uuid,
                                                    order_email text, order_phone text)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  used integer;
BEGIN
  IF coupon IS NULL OR per_customer IS NULL THEN
    RETURN true;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('coupon-email:' || coupon || ':' || order_email, 0));
  PERFORM pg_advisory_xact_lock(hashtextextended('coupon-phone:' || coupon || ':' || order_phone, 0));
  IF customer IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('coupon-account:' || coupon || ':' || customer::text, 0));
  END IF;
  SELECT count(*) INTO used FROM (
    SELECT 1 FROM orders
     WHERE coupon_code = coupon AND status <> 'cancelled'
       AND (email = order_email OR phone = order_phone OR (customer IS NOT NULL AND user_id = customer))
     LIMIT per_customer) AS earlier;
  IF used >= per_customer THEN
    RAISE EXCEPTION 'order-refused:coupon-customer';
  END IF;
  RETURN true;
END
$$;
