-- Issue 21 §1-2: the official results pipeline's settings (platform, no company).
-- One row per source of results (a provider): its kind decides the format it speaks; its base URL is the
-- real one in production, or 'sandbox:' for the built-in feed that publishes plausible results at each
-- official time (the demo has no internet). Secrets never live here: a provider that needs a key reads it
-- from the environment (README). Polling: from poll_start_min after the official time, every
-- poll_every_min, until give_up_min.
CREATE TABLE "result_providers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"states" text[] NOT NULL,
	"base_url" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"poll_start_min" integer DEFAULT 5 NOT NULL,
	"poll_every_min" integer DEFAULT 10 NOT NULL,
	"give_up_min" integer DEFAULT 240 NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_providers_kind_chk" CHECK (kind IN ('ny_socrata', 'ga_drawgames', 'tx_csv', 'tx_rss',
		'fl_drawgames', 'aggregator', 'manual')),
	CONSTRAINT "result_providers_poll_chk" CHECK (poll_start_min BETWEEN 0 AND 1440
		AND poll_every_min BETWEEN 1 AND 1440 AND give_up_min BETWEEN poll_start_min AND 2880)
);
--> statement-breakpoint
INSERT INTO result_providers (code, name, kind, states, base_url, poll_start_min, poll_every_min, give_up_min) VALUES
  ('ny-open-data', 'New York — data.ny.gov (Socrata)', 'ny_socrata', '{NY}', 'https://data.ny.gov', 10, 10, 300),
  ('ga-lottery', 'Georgia Lottery — draw-games API', 'ga_drawgames', '{GA}', 'https://www.galottery.com', 5, 10, 240),
  ('tx-csv', 'Texas Lottery — historique CSV', 'tx_csv', '{TX}', 'https://www.texaslottery.com', 10, 15, 300),
  ('tx-rss', 'Texas Lottery — flux RSS', 'tx_rss', '{TX}', 'https://www.texaslottery.com', 5, 10, 240),
  ('fl-lottery', 'Florida Lottery — draw games', 'fl_drawgames', '{FL}', 'https://apim-website-prod-eastus.azure-api.net', 5, 10, 240),
  ('aggregator', 'Agrégateur (URL configurable)', 'aggregator', '{NY,FL,GA,TN,TX}', 'https://aggregator.invalid', 5, 10, 240),
  ('tn-manual', 'Tennessee — saisie manuelle', 'manual', '{TN}', 'manual:', 0, 1440, 0);
--> statement-breakpoint
-- The days a state skips (holidays), beside draw_sources' weekly days: no draw, no alert.
CREATE TABLE "draw_source_holidays" (
	"source_id" integer NOT NULL,
	"day" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "draw_source_holidays_pk" PRIMARY KEY("source_id","day")
);
--> statement-breakpoint
ALTER TABLE "draw_source_holidays" ADD CONSTRAINT "draw_source_holidays_source_fk" FOREIGN KEY ("source_id") REFERENCES "public"."draw_sources"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The pipeline's platform settings, one row: what is applied to the companies' draws (confirmed only by
-- default, or provisional too) and after how many minutes past the official time a missing result alerts.
CREATE TABLE "results_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"apply_mode" text DEFAULT 'confirmed' NOT NULL,
	"late_after_min" integer DEFAULT 60 NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_settings_one_chk" CHECK (id = 1),
	CONSTRAINT "results_settings_mode_chk" CHECK (apply_mode IN ('confirmed', 'provisional')),
	CONSTRAINT "results_settings_late_chk" CHECK (late_after_min BETWEEN 1 AND 1440)
);
--> statement-breakpoint
INSERT INTO results_settings (id) VALUES (1);
