CREATE TABLE "activity_bucket" (
	"start" timestamp with time zone NOT NULL,
	"span_seconds" integer NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "activity_bucket_pk" PRIMARY KEY("start","span_seconds","kind")
);
--> statement-breakpoint
CREATE TABLE "audience_bucket" (
	"start" timestamp with time zone NOT NULL,
	"span_seconds" integer NOT NULL,
	"channel" text NOT NULL,
	"shift_minutes" integer NOT NULL,
	"rung" text NOT NULL,
	"node" text NOT NULL,
	"watched_seconds" bigint NOT NULL,
	"peak" integer NOT NULL,
	CONSTRAINT "audience_bucket_pk" PRIMARY KEY("start","span_seconds","channel","shift_minutes","rung","node")
);
--> statement-breakpoint
CREATE TABLE "audience_now" (
	"node" text NOT NULL,
	"channel" text NOT NULL,
	"shift_minutes" integer NOT NULL,
	"rung" text NOT NULL,
	"players" integer NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audience_now_pk" PRIMARY KEY("node","channel","shift_minutes","rung")
);
--> statement-breakpoint
CREATE INDEX "audience_now_sampled_idx" ON "audience_now" USING btree ("sampled_at");