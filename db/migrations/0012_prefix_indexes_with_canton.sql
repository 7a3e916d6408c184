-- Every prefix index also carries canton (ADR 546): a canton beside a name, first-name, post-code or hull-number
-- prefix is checked in the index, not row by row in the table. The new indexes are built before the old ones
-- go: building holds off writes to svn but not reads; only the drops and renames at the end lock the table.
CREATE INDEX "svn_name_folded_idx_next" ON "svn" USING btree ("name_folded" text_pattern_ops,"name","gs_code","makler_nr","status","canton","id");--> statement-breakpoint
CREATE INDEX "svn_first_name_folded_idx_next" ON "svn" USING btree ("first_name_folded" text_pattern_ops,"first_name","gs_code","makler_nr","status","canton","id");--> statement-breakpoint
CREATE INDEX "svn_zip_prefix_idx_next" ON "svn" USING btree ("zip" text_pattern_ops,"gs_code","makler_nr","status","canton","id");--> statement-breakpoint
CREATE INDEX "svn_schale_nr_prefix_idx_next" ON "svn" USING btree ("schale_nr" text_pattern_ops,"gs_code","makler_nr","status","canton","id");--> statement-breakpoint
DROP INDEX "svn_name_folded_idx";--> statement-breakpoint
DROP INDEX "svn_first_name_folded_idx";--> statement-breakpoint
DROP INDEX "svn_zip_prefix_idx";--> statement-breakpoint
DROP INDEX "svn_schale_nr_prefix_idx";--> statement-breakpoint
ALTER INDEX "svn_name_folded_idx_next" RENAME TO "svn_name_folded_idx";--> statement-breakpoint
ALTER INDEX "svn_first_name_folded_idx_next" RENAME TO "svn_first_name_folded_idx";--> statement-breakpoint
ALTER INDEX "svn_zip_prefix_idx_next" RENAME TO "svn_zip_prefix_idx";--> statement-breakpoint
ALTER INDEX "svn_schale_nr_prefix_idx_next" RENAME TO "svn_schale_nr_prefix_idx";
