-- The list indexes carry what a list filters and orders by (decision 0059). A list of a category, or
-- of a price range, counted up to 1,001 matches and sorted them by reading each match's row: 1,004
-- products' pages for a count (six products to a page of 8 KB, and on a first visit from disk),
-- where the index holds the same matches on a dozen pages. With the id, hot, the rating, the
-- reviews, created_at and the price before the sale in the index, the count and the sorted page of
-- such a list are read from the index alone. Not the stock nor the sold count, which every sale
-- writes. The price index serves only lists (active products), as the category's does.
DROP INDEX "products_active_category_price_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
CREATE INDEX "products_active_category_price_idx" ON "products" USING btree ("category_id","price_kobo","id","is_hot","rating_average","review_count","created_at","original_price_kobo") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_kobo","id","is_hot","rating_average","review_count","created_at","original_price_kobo") WHERE "products"."status" = 'active';