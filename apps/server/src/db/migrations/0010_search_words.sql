CREATE TABLE "search_word" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "radio" ADD COLUMN "latin_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_latin)) STORED;--> statement-breakpoint
ALTER TABLE "video" ADD COLUMN "latin_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_latin)) STORED;--> statement-breakpoint
CREATE INDEX "search_word_trigram_idx" ON "search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "radio_latin_vector_idx" ON "radio" USING gin ("latin_vector");--> statement-breakpoint
CREATE INDEX "video_latin_vector_idx" ON "video" USING gin ("latin_vector");--> statement-breakpoint
CREATE FUNCTION "search_word_remember"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_word" ("word")
	SELECT lexeme FROM unnest(to_tsvector('simple'::regconfig, NEW.search_latin))
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "video_search_word" AFTER INSERT OR UPDATE OF "search_latin" ON "video" FOR EACH ROW EXECUTE FUNCTION "search_word_remember"();--> statement-breakpoint
CREATE TRIGGER "radio_search_word" AFTER INSERT OR UPDATE OF "search_latin" ON "radio" FOR EACH ROW EXECUTE FUNCTION "search_word_remember"();--> statement-breakpoint
INSERT INTO "search_word" ("word")
SELECT lexeme FROM "video", unnest("latin_vector")
UNION
SELECT lexeme FROM "radio", unnest("latin_vector")
ON CONFLICT DO NOTHING;
