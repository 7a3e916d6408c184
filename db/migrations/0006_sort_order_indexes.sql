CREATE INDEX "svn_sort_name_idx" ON "svn" USING btree ("gs_code","name","id","status","makler_nr");--> statement-breakpoint
CREATE INDEX "svn_sort_first_name_idx" ON "svn" USING btree ("gs_code","first_name","id","status","makler_nr");--> statement-breakpoint
CREATE INDEX "svn_sort_street_idx" ON "svn" USING btree ("gs_code","street","id","status","makler_nr");--> statement-breakpoint
CREATE INDEX "svn_sort_zip_idx" ON "svn" USING btree ("gs_code","zip","id","status","makler_nr");--> statement-breakpoint
CREATE INDEX "svn_sort_place_idx" ON "svn" USING btree ("gs_code","place","id","status","makler_nr");--> statement-breakpoint
CREATE INDEX "svn_sort_plate_idx" ON "svn" USING btree ("gs_code","canton","schild_nr","id","status","makler_nr");--> statement-breakpoint
CREATE INDEX "svn_sort_marke_idx" ON "svn" USING btree ("gs_code","marke_typ","id","status","makler_nr");--> statement-breakpoint
CREATE INDEX "svn_sort_referenz_idx" ON "svn" USING btree ("gs_code","referenz","id","status","makler_nr");