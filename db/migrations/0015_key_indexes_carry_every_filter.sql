-- The key indexes carry every column a filter checks, as the walked index does (ADR 550): a second prefix beside the
-- first (a name with a post code or a first name) is checked in the key group's entries, index-only, not row by row
-- in the table. The new indexes are built beside the old ones, which holds off writes to svn but not reads; only
-- the drops and renames at the end lock svn for reads too, until the migration commits (ADR 550).
CREATE INDEX "svn_name_key_idx_wide" ON "svn" USING btree ("gs_code",left("name_folded", 3),"id","status","makler_nr","canton","name_folded","first_name_folded","zip","schale_nr");--> statement-breakpoint
CREATE INDEX "svn_first_name_key_idx_wide" ON "svn" USING btree ("gs_code",left("first_name_folded", 3),"id","status","makler_nr","canton","name_folded","first_name_folded","zip","schale_nr");--> statement-breakpoint
CREATE INDEX "svn_zip_key_idx_wide" ON "svn" USING btree ("gs_code",left("zip", 3),"id","status","makler_nr","canton","name_folded","first_name_folded","zip","schale_nr");--> statement-breakpoint
CREATE INDEX "svn_schale_nr_key_idx_wide" ON "svn" USING btree ("gs_code",left("schale_nr", 6),"id","status","makler_nr","canton","name_folded","first_name_folded","zip","schale_nr");--> statement-breakpoint
-- The statistics of an index's expression belong to the index: without them the planner guesses a key group's
-- size, and for "Muller" with "3600" it walked the post code's group (10 847 entries in the bench), not the name's
-- (3 428). They stay with an index that is renamed.
ANALYZE "svn";--> statement-breakpoint
-- Dropping needs the table alone: it waits for every open transaction that read svn (an export's, say), and reads
-- queue behind it. Past 5 s the migration fails instead, the node exits and its next start tries again.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
DROP INDEX "svn_name_key_idx";--> statement-breakpoint
DROP INDEX "svn_first_name_key_idx";--> statement-breakpoint
DROP INDEX "svn_zip_key_idx";--> statement-breakpoint
DROP INDEX "svn_schale_nr_key_idx";--> statement-breakpoint
ALTER INDEX "svn_name_key_idx_wide" RENAME TO "svn_name_key_idx";--> statement-breakpoint
ALTER INDEX "svn_first_name_key_idx_wide" RENAME TO "svn_first_name_key_idx";--> statement-breakpoint
ALTER INDEX "svn_zip_key_idx_wide" RENAME TO "svn_zip_key_idx";--> statement-breakpoint
ALTER INDEX "svn_schale_nr_key_idx_wide" RENAME TO "svn_schale_nr_key_idx";--> statement-breakpoint
RESET lock_timeout;
