ALTER TABLE "products" ADD COLUMN "keywords" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', keywords), 'B') || setweight(to_tsvector('english', description), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_trigram_idx" ON "products" USING gin ((lower("name" || ' ' || "keywords")) gin_trgm_ops);--> statement-breakpoint
UPDATE "products" p SET "keywords" = concat_ws(' ', c.name, (SELECT d.name FROM categories d WHERE d.id = c.parent_id), (SELECT b.name FROM brands b WHERE b.id = p.brand_id), p.tag, (SELECT string_agg(color->>'name', ' ') FROM jsonb_array_elements(p.colors) AS color)) FROM "categories" c WHERE c.id = p.category_id;
