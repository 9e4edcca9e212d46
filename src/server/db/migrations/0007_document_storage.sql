-- PDFs hardly compress, and compressed values must be inflated whole to read a slice: stored
-- out of line uncompressed, a download reads 1 MiB slices directly (documents/store.ts).
ALTER TABLE "documents" ALTER COLUMN "content" SET STORAGE EXTERNAL;
