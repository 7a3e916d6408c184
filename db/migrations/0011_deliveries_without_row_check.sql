ALTER TABLE "export_deliveries" DROP CONSTRAINT "export_deliveries_file_id_export_files_id_fk";--> statement-breakpoint
CREATE FUNCTION "export_files_delete_deliveries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "export_deliveries" WHERE "file_id" = OLD."id";
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "export_files_delete_deliveries" AFTER DELETE ON "export_files" FOR EACH ROW EXECUTE FUNCTION "export_files_delete_deliveries"();
