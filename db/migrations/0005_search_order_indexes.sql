DROP INDEX "svn_gs_code_status_idx";--> statement-breakpoint
DROP INDEX "svn_name_prefix_idx";--> statement-breakpoint
DROP INDEX "svn_first_name_prefix_idx";--> statement-breakpoint
DROP INDEX "svn_zip_prefix_idx";--> statement-breakpoint
DROP INDEX "svn_schale_nr_prefix_idx";--> statement-breakpoint
DROP INDEX "svn_canton_idx";--> statement-breakpoint
DROP INDEX "svn_makler_nr_idx";--> statement-breakpoint
CREATE INDEX "svn_gs_code_id_idx" ON "svn" USING btree ("gs_code","id","status");--> statement-breakpoint
CREATE INDEX "svn_gs_code_status_idx" ON "svn" USING btree ("gs_code","status","id","makler_nr");--> statement-breakpoint
CREATE INDEX "svn_name_prefix_idx" ON "svn" USING btree (lower("name") text_pattern_ops,"name","gs_code","makler_nr","status","id");--> statement-breakpoint
CREATE INDEX "svn_first_name_prefix_idx" ON "svn" USING btree (lower("first_name") text_pattern_ops,"first_name","gs_code","makler_nr","status","id");--> statement-breakpoint
CREATE INDEX "svn_zip_prefix_idx" ON "svn" USING btree ("zip" text_pattern_ops,"gs_code","makler_nr","status","id");--> statement-breakpoint
CREATE INDEX "svn_schale_nr_prefix_idx" ON "svn" USING btree ("schale_nr" text_pattern_ops,"gs_code","makler_nr","status","id");--> statement-breakpoint
CREATE INDEX "svn_canton_idx" ON "svn" USING btree ("gs_code","canton","id","status","makler_nr");--> statement-breakpoint
CREATE INDEX "svn_makler_nr_idx" ON "svn" USING btree ("gs_code","makler_nr","id","status");