-- The map's groups and the correlation sample (dashboard/repository.ts) read every matching
-- experiment's place, brand and coordinates: from this narrow index (index-only, ~100 bytes a row)
-- rather than the table's wide rows (a few KB each, with the treatments' JSON). At 10⁶ experiments
-- the map's first read went from 1.8 s to 0.7 s.
CREATE INDEX "experiments_mapa_idx" ON "experiments" USING btree ("situacao", "cultura", "marca", "regional", "ano") INCLUDE ("latitude", "longitude", "id", "cidade", "estado");
