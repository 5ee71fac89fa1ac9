CREATE TABLE "web_vitals_daily" (
	"day" date NOT NULL,
	"template" text NOT NULL,
	"metric" text NOT NULL,
	"device" text NOT NULL,
	"connection" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"buckets" integer[] NOT NULL,
	CONSTRAINT "web_vitals_daily_day_template_metric_device_connection_pk" PRIMARY KEY("day","template","metric","device","connection"),
	CONSTRAINT "web_vitals_daily_count" CHECK ("web_vitals_daily"."count" >= 0),
	CONSTRAINT "web_vitals_daily_metric" CHECK ("web_vitals_daily"."metric" IN ('LCP', 'INP', 'CLS', 'TTFB')),
	CONSTRAINT "web_vitals_daily_device" CHECK ("web_vitals_daily"."device" IN ('mobile', 'desktop')),
	CONSTRAINT "web_vitals_daily_buckets" CHECK (cardinality("web_vitals_daily"."buckets") = 40)
);
