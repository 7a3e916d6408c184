-- The indexes a search walks in id order (an insurer's ids, a broker's) carry every column a filter that is not
-- selective alone checks (ADR 548): a common prefix found by walking the ids until 101 match reads the index
-- only, not the table. The broker's index leaves out records without a broker number, which no broker's search
-- reads. The new indexes are built before the old ones go: building holds off writes to svn but not reads; only
-- the drops and renames at the end lock the table (where 0012 runs in the same transaction, its drops lock it
-- from the start).
CREATE INDEX "svn_gs_code_id_idx_next" ON "svn" USING btree ("gs_code","id","status","makler_nr","canton","name_folded","first_name_folded","zip","schale_nr");--> statement-breakpoint
CREATE INDEX "svn_makler_nr_idx_next" ON "svn" USING btree ("gs_code","makler_nr","id","status","canton","name_folded","first_name_folded","zip","schale_nr") WHERE "svn"."makler_nr" is not null;--> statement-breakpoint
DROP INDEX "svn_gs_code_id_idx";--> statement-breakpoint
DROP INDEX "svn_makler_nr_idx";--> statement-breakpoint
ALTER INDEX "svn_gs_code_id_idx_next" RENAME TO "svn_gs_code_id_idx";--> statement-breakpoint
ALTER INDEX "svn_makler_nr_idx_next" RENAME TO "svn_makler_nr_idx";
