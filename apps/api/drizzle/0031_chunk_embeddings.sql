ALTER TABLE "document_chunks" ADD COLUMN "embedding" real[];--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "embedding_model" text;