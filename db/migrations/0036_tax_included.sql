-- Whether the order's tax was inside its prices (VAT included, the Nigerian way) or added on top.
-- Orders placed before the shop knew the difference had it added on top: they keep what they charged.
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- What a free-delivery coupon waived of the delivery price, so a coupon's worth is counted in kobo.
ALTER TABLE "orders" ADD COLUMN "delivery_discount_kobo" integer DEFAULT 0 NOT NULL;
