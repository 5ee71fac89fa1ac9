CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_trigram_idx";--> statement-breakpoint
CREATE INDEX "search_words_trigram_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_active_category_price_idx" ON "products" USING btree ("category_id","price_kobo") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_on_sale_idx" ON "products" USING btree ("category_id","original_price_kobo","price_kobo") WHERE "products"."status" = 'active' AND "products"."original_price_kobo" IS NOT NULL AND "products"."original_price_kobo" > "products"."price_kobo";--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("is_hot" DESC NULLS FIRST,"rating_average" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id") WHERE "products"."status" = 'active';--> statement-breakpoint
-- The words a product can be found by: its name's and keywords' words of three letters or more
-- with at least one letter (so a model number is not a word). A word stays when its products go:
-- a typo corrected to it finds nothing, as the typo would have.
CREATE FUNCTION "product_search_words"(name text, keywords text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
	SELECT DISTINCT word
	FROM regexp_split_to_table(lower(name || ' ' || keywords), '[^a-z0-9]+') AS word
	WHERE length(word) BETWEEN 3 AND 40 AND word ~ '[a-z]';
$$;
--> statement-breakpoint
CREATE FUNCTION "remember_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" ("word")
	SELECT "product_search_words"(NEW."name", NEW."keywords")
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words" AFTER INSERT OR UPDATE OF "name", "keywords" ON "products"
	FOR EACH ROW EXECUTE FUNCTION "remember_search_words"();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT "product_search_words"("name", "keywords") FROM "products"
ON CONFLICT DO NOTHING;
