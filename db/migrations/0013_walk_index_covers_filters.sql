-- The insurer's id index carries every column a filter that is not selective alone checks (ADR 548): a common
-- prefix found by walking the insurer's ids until 101 match reads this index only, not the table. The new index
-- is built before the old one goes: building holds off writes to svn but not reads; only the drop and rename at
-- the end lock the table (where 0012 runs in the same transaction, its drops lock it from the start).
CREATE INDEX "svn_gs_code_id_idx_next" ON "svn" USING btree ("gs_code","id","status","makler_nr","canton","name_folded","first_name_folded","zip","schale_nr");--> statement-breakpoint
DROP INDEX "svn_gs_code_id_idx";--> statement-breakpoint
ALTER INDEX "svn_gs_code_id_idx_next" RENAME TO "svn_gs_code_id_idx";
