CREATE TABLE "aired_frontier" (
	"channel" text PRIMARY KEY NOT NULL,
	"frontier_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aired_segment" (
	"channel" text NOT NULL,
	"sequence" bigint NOT NULL,
	"discontinuity_sequence" bigint NOT NULL,
	"start_ms" bigint NOT NULL,
	"duration" double precision NOT NULL,
	"uri" text NOT NULL,
	"discontinuity" boolean NOT NULL,
	"day" date NOT NULL,
	"item_id" integer,
	"offset_ms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "aired_segment_channel_sequence_pk" PRIMARY KEY("channel","sequence")
);
--> statement-breakpoint
DROP TABLE "live_day_base" CASCADE;--> statement-breakpoint
CREATE INDEX "aired_segment_start_idx" ON "aired_segment" USING btree ("channel","start_ms");