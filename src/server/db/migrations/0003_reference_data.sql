-- Starter reference data: the spec's brands, regionals and crops, Brazil's 27 states and a
-- product catalogue per brand. Admins manage them afterwards through /api/lookups.
INSERT INTO "marcas" ("nome") VALUES ('Aminoagro'), ('Dimicron'), ('Maximus'), ('Concorrente');
--> statement-breakpoint
INSERT INTO "produtos" ("marca", "nome") VALUES
  ('Aminoagro', 'Aminoagro Raiz'),
  ('Aminoagro', 'Aminoagro Mol'),
  ('Aminoagro', 'Aminoagro Folha Top'),
  ('Aminoagro', 'Aminoagro Bioestimulante'),
  ('Aminoagro', 'Aminoagro Sementes Pro'),
  ('Aminoagro', 'Aminoagro Boro Plus'),
  ('Aminoagro', 'Aminoagro Cálcio e Boro'),
  ('Dimicron', 'Dimicron Zinco'),
  ('Dimicron', 'Dimicron Manganês'),
  ('Dimicron', 'Dimicron CoMo'),
  ('Dimicron', 'Dimicron Fósforo Foliar'),
  ('Dimicron', 'Dimicron Potássio 40'),
  ('Dimicron', 'Dimicron Enraizador'),
  ('Maximus', 'Maximus Amino 17'),
  ('Maximus', 'Maximus Algas'),
  ('Maximus', 'Maximus Nitro'),
  ('Maximus', 'Maximus TS'),
  ('Maximus', 'Maximus Fúlvico'),
  ('Maximus', 'Maximus Antiestresse'),
  ('Concorrente', 'Vigora Plus'),
  ('Concorrente', 'Raizmax'),
  ('Concorrente', 'FolhaVerde K'),
  ('Concorrente', 'NutriMol'),
  ('Concorrente', 'Bioativo Extra');
--> statement-breakpoint
INSERT INTO "regionais" ("sigla", "nome") VALUES
  ('PRSCPY', 'PR SC PY'),
  ('MT163', 'MT BR 163'),
  ('MTOESTE', 'MT Oeste/RO/AC'),
  ('GO', 'GO'),
  ('CMG', 'Cerrado MG'),
  ('NE', 'Nordeste');
--> statement-breakpoint
INSERT INTO "estados" ("sigla", "nome") VALUES
  ('AC', 'Acre'), ('AL', 'Alagoas'), ('AP', 'Amapá'), ('AM', 'Amazonas'), ('BA', 'Bahia'),
  ('CE', 'Ceará'), ('DF', 'Distrito Federal'), ('ES', 'Espírito Santo'), ('GO', 'Goiás'),
  ('MA', 'Maranhão'), ('MT', 'Mato Grosso'), ('MS', 'Mato Grosso do Sul'), ('MG', 'Minas Gerais'),
  ('PA', 'Pará'), ('PB', 'Paraíba'), ('PR', 'Paraná'), ('PE', 'Pernambuco'), ('PI', 'Piauí'),
  ('RJ', 'Rio de Janeiro'), ('RN', 'Rio Grande do Norte'), ('RS', 'Rio Grande do Sul'),
  ('RO', 'Rondônia'), ('RR', 'Roraima'), ('SC', 'Santa Catarina'), ('SP', 'São Paulo'),
  ('SE', 'Sergipe'), ('TO', 'Tocantins');
--> statement-breakpoint
INSERT INTO "culturas" ("nome") VALUES
  ('Soja'), ('Milho'), ('Algodão'), ('Feijão'), ('Trigo'), ('Arroz'), ('Cana-de-açúcar'),
  ('Café'), ('Uva'), ('Manga'), ('Batata'), ('Banana');
