-- A prefix at least as long as its column's key (three characters; six for a hull number) is also searched as the
-- key's group of the insurer, in id order (ADR 549): the first 101 matches come from the group's first entries,
-- index-only, instead of a range over every insurer's entries of the prefix and a sort. Building holds off writes
-- to svn but not reads.
CREATE INDEX "svn_name_key_idx" ON "svn" USING btree ("gs_code",left("name_folded", 3),"id","status","makler_nr","canton","name_folded");--> statement-breakpoint
CREATE INDEX "svn_first_name_key_idx" ON "svn" USING btree ("gs_code",left("first_name_folded", 3),"id","status","makler_nr","canton","first_name_folded");--> statement-breakpoint
CREATE INDEX "svn_zip_key_idx" ON "svn" USING btree ("gs_code",left("zip", 3),"id","status","makler_nr","canton","zip");--> statement-breakpoint
CREATE INDEX "svn_schale_nr_key_idx" ON "svn" USING btree ("gs_code",left("schale_nr", 6),"id","status","makler_nr","canton","schale_nr");
