/**
 * A small layout layer over pdfkit for the server-made reports: an A4 sheet with the DejaVu fonts
 * embedded (accents, ≥, ✓, ², ±, × as written), section titles kept with what follows them, ruled
 * tables whose rows never split and whose header is drawn again on every page they continue on,
 * and the running header and "Página n de N" footer written once every page exists.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/** The TTFs ship with `npm install` (dejavu-fonts-ttf); resolved from node_modules, so dist/node finds them too. */
export const FONTES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  negrito: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

const REGULAR = 'DejaVu';
const NEGRITO = 'DejaVu-Bold';

export const COR = {
  texto: '#1a1a1a',
  suave: '#555555',
  regua: '#2b2b2b',
  reguaClara: '#c9c9c9',
  fundoCabecalho: '#e6ede4',
  destaque: '#2e5e3a',
  atende: '#1d6b32',
  naoAtende: '#b3261e',
  neutro: '#666666',
} as const;

const MARGEM = { top: 66, bottom: 60, left: 56, right: 56 } as const;

export type Alinhamento = 'left' | 'right' | 'center';

export interface Coluna {
  titulo: string;
  /** Relative width: the columns share the text width in proportion. */
  peso: number;
  alinhamento?: Alinhamento;
}

/** A cell: its text, or its text with a weight and colour. */
export type Celula = string | { texto: string; negrito?: boolean; cor?: string };

export interface Documento {
  titulo: string;
  autor: string;
  assunto: string;
  criadoEm: Date;
}

const PAD_X = 4;
const PAD_Y = 3.2;

export class Folha {
  readonly doc: PDFKit.PDFDocument;
  private readonly partes: Buffer[] = [];
  private readonly fim: Promise<Buffer>;

  constructor(info: Documento) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: MARGEM,
      bufferPages: true,
      info: { Title: info.titulo, Author: info.autor, Subject: info.assunto, CreationDate: info.criadoEm, Creator: 'Gestão Agrícola' },
      lang: 'pt-BR',
      displayTitle: true,
    });
    this.doc.registerFont(REGULAR, FONTES.regular);
    this.doc.registerFont(NEGRITO, FONTES.negrito);
    this.doc.on('data', (parte: Buffer) => this.partes.push(parte));
    this.fim = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.partes)));
      this.doc.on('error', reject);
    });
    this.fonte();
  }

  get esquerda(): number {
    return this.doc.page.margins.left;
  }

  get largura(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  get base(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Sets the font, size and colour of what is written next. */
  fonte(tamanho = 9.5, negrito = false, cor: string = COR.texto): this {
    this.doc
      .font(negrito ? NEGRITO : REGULAR)
      .fontSize(tamanho)
      .fillColor(cor);
    return this;
  }

  /** Starts a new page when less than `altura` points are left on this one. */
  espaco(altura: number): void {
    // What is taller than a page starts on a new one only if this one has begun: never a blank page.
    const pagina = this.base - this.doc.page.margins.top;
    if (this.doc.y + Math.min(altura, pagina) > this.base) this.novaPagina();
  }

  novaPagina(): void {
    this.doc.addPage();
    this.doc.x = this.esquerda;
    this.doc.y = this.doc.page.margins.top;
  }

  avancar(pontos: number): void {
    this.doc.y += pontos;
  }

  /** The first page's title block. */
  tituloDocumento(titulo: string, subtitulo: string): void {
    this.fonte(17, true, COR.destaque);
    this.doc.text(titulo, this.esquerda, this.doc.y, { width: this.largura });
    this.avancar(3);
    this.fonte(10, false, COR.suave);
    this.doc.text(subtitulo, this.esquerda, this.doc.y, { width: this.largura });
    this.avancar(6);
    this.regua(1.2, COR.destaque);
    this.avancar(10);
  }

  /** "3. Solo": kept on the page with at least `seguinte` points of what follows it. */
  secao(titulo: string, seguinte = 70): void {
    this.avancar(8);
    this.espaco(24 + seguinte);
    this.fonte(12.5, true, COR.destaque);
    this.doc.text(titulo, this.esquerda, this.doc.y, { width: this.largura });
    this.avancar(2);
    this.regua(0.6, COR.destaque);
    this.avancar(7);
  }

  subsecao(titulo: string, seguinte = 50): void {
    this.avancar(4);
    this.espaco(18 + seguinte);
    this.fonte(10.5, true, COR.texto);
    this.doc.text(titulo, this.esquerda, this.doc.y, { width: this.largura });
    this.avancar(4);
  }

  paragrafo(texto: string, { tamanho = 9.5, cor = COR.texto as string, negrito = false } = {}): void {
    this.fonte(tamanho, negrito, cor);
    this.espaco(this.doc.heightOfString(texto, { width: this.largura }));
    this.doc.text(texto, this.esquerda, this.doc.y, { width: this.largura, lineGap: 1.5 });
    this.avancar(4);
  }

  /** A note under a table or chart: small and grey. */
  nota(texto: string): void {
    this.paragrafo(texto, { tamanho: 7.8, cor: COR.suave });
  }

  /** Label–value pairs in two columns of pairs (label in grey above nothing: beside its value). */
  campos(pares: readonly (readonly [string, string])[], { colunas = 2, rotulo = 104 } = {}): void {
    const gap = 14;
    const larguraPar = (this.largura - gap * (colunas - 1)) / colunas;
    for (let i = 0; i < pares.length; i += colunas) {
      const linha = pares.slice(i, i + colunas);
      const alturas = linha.map(([r, v]) => {
        this.fonte(8.5, true);
        const hr = this.doc.heightOfString(r, { width: rotulo - 6 });
        this.fonte(9.5);
        return Math.max(hr, this.doc.heightOfString(v || '—', { width: larguraPar - rotulo }));
      });
      const altura = Math.max(...alturas) + 5;
      this.espaco(altura);
      const y = this.doc.y;
      linha.forEach(([r, v], j) => {
        const x = this.esquerda + j * (larguraPar + gap);
        this.fonte(8.5, true, COR.suave);
        this.doc.text(r, x, y + 0.8, { width: rotulo - 6 });
        this.fonte(9.5, false, COR.texto);
        this.doc.text(v || '—', x + rotulo, y, { width: larguraPar - rotulo });
      });
      this.doc.y = y + altura;
    }
    this.doc.x = this.esquerda;
    this.avancar(2);
  }

  /** A horizontal rule across the text width at the current line. */
  regua(espessura = 0.5, cor: string = COR.regua, y = this.doc.y): void {
    this.doc
      .save()
      .moveTo(this.esquerda, y)
      .lineTo(this.esquerda + this.largura, y)
      .lineWidth(espessura)
      .strokeColor(cor)
      .stroke()
      .restore();
  }

  /**
   * A ruled table: a shaded header between two rules, thin rules between rows, a closing rule. A
   * row never splits; when one does not fit, the page ends with the closing rule and the next one
   * starts with the header again. `legenda` ("Tabela 2 – …") stays with the header and first row.
   */
  tabela(
    colunas: readonly Coluna[],
    linhas: readonly (readonly Celula[])[],
    { legenda, inteira = false }: { legenda?: string; inteira?: boolean } = {},
  ): void {
    const { larguras, hCab, alturaLegenda, alturas, todas } = this.medirTabela(colunas, linhas, legenda);
    const cabecalho = colunas.map((c) => c.titulo);
    const pagina = this.base - this.doc.page.margins.top;
    // A short table (`inteira`) moves whole to the next page rather than split; a long one splits.
    const minimo = inteira && alturaLegenda + hCab + todas + 2 <= pagina ? todas : (alturas[0] ?? 0);
    this.espaco(alturaLegenda + hCab + minimo + 2);
    if (legenda) {
      this.fonte(8.8, true, COR.texto);
      this.doc.text(legenda, this.esquerda, this.doc.y, { width: this.largura });
      this.avancar(4);
    }

    const desenharLinha = (celulas: readonly Celula[], altura: number, tamanho: number, negritoLinha: boolean): void => {
      const y = this.doc.y;
      let x = this.esquerda;
      celulas.forEach((c, i) => {
        const { texto, negrito, cor } = celula(c);
        const w = larguras[i] ?? 0;
        this.fonte(tamanho, negritoLinha || negrito, cor ?? COR.texto);
        this.doc.text(texto, x + PAD_X, y + PAD_Y, { width: w - 2 * PAD_X, align: colunas[i]?.alinhamento ?? 'left' });
        x += w;
      });
      this.doc.x = this.esquerda;
      this.doc.y = y + altura;
    };
    const desenharCabecalho = (): void => {
      const y = this.doc.y;
      this.doc.save().rect(this.esquerda, y, this.largura, hCab).fill(COR.fundoCabecalho).restore();
      this.regua(0.9, COR.regua, y);
      desenharLinha(cabecalho, hCab, 8, true);
      this.regua(0.6, COR.regua);
    };

    desenharCabecalho();
    linhas.forEach((linha, i) => {
      const altura = alturas[i] ?? 0;
      if (this.doc.y + altura > this.base) {
        this.regua(0.9);
        this.novaPagina();
        desenharCabecalho();
      } else if (i > 0) {
        this.regua(0.25, COR.reguaClara);
      }
      desenharLinha(linha, altura, 8.5, false);
    });
    this.regua(0.9);
    this.avancar(5);
  }

  /** How tall a table is drawn whole (its caption, header and rows): what a title before it keeps with it. */
  alturaTabela(colunas: readonly Coluna[], linhas: readonly (readonly Celula[])[], legenda?: string): number {
    const { hCab, alturaLegenda, todas } = this.medirTabela(colunas, linhas, legenda);
    return alturaLegenda + hCab + todas + 2;
  }

  private medirTabela(colunas: readonly Coluna[], linhas: readonly (readonly Celula[])[], legenda: string | undefined) {
    const soma = colunas.reduce((a, c) => a + c.peso, 0);
    const larguras = colunas.map((c) => (c.peso / soma) * this.largura);
    const alturaLinha = (celulas: readonly Celula[], tamanho: number, negrito: boolean): number =>
      Math.max(
        ...celulas.map((c, i) => {
          const { texto, negrito: n } = celula(c);
          this.fonte(tamanho, negrito || n);
          return this.doc.heightOfString(texto || ' ', { width: (larguras[i] ?? 0) - 2 * PAD_X });
        }),
      ) +
      2 * PAD_Y;
    const hCab = alturaLinha(
      colunas.map((c) => c.titulo),
      8,
      true,
    );
    let alturaLegenda = 0;
    if (legenda) {
      this.fonte(8.8, true);
      alturaLegenda = this.doc.heightOfString(legenda, { width: this.largura }) + 4;
    }
    const alturas = linhas.map((l) => alturaLinha(l, 8.5, false));
    const todas = alturas.reduce((a, h) => a + h, 0);
    return { larguras, hCab, alturaLegenda, alturas, todas };
  }

  /** Empty ruled lines to write on by hand. */
  linhasParaEscrever(quantidade: number, entre = 22): void {
    for (let i = 0; i < quantidade; i++) {
      this.espaco(entre);
      this.avancar(entre);
      this.regua(0.4, COR.reguaClara);
    }
    this.avancar(6);
  }

  /** Header and footer on every page, then the bytes of the finished PDF. */
  async terminar(cabecalho: string, rodapeEsquerda: string): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const { margins, height } = this.doc.page;
      // Writing below the bottom margin would make pdfkit open a page: the footer writes with none.
      const margemInferior = margins.bottom;
      margins.bottom = 0;
      const largura = this.largura;
      const x = this.esquerda;
      this.fonte(7.8, false, COR.suave);
      this.doc.text(cabecalho, x, 34, { width: largura, lineBreak: false, ellipsis: true });
      this.regua(0.4, COR.reguaClara, 47);
      const yRodape = height - 40;
      this.regua(0.4, COR.reguaClara, yRodape - 6);
      this.fonte(7.8, false, COR.suave);
      this.doc.text(rodapeEsquerda, x, yRodape, { width: largura * 0.7, lineBreak: false });
      this.doc.text(`Página ${i - start + 1} de ${count}`, x + largura * 0.7, yRodape, {
        width: largura * 0.3,
        align: 'right',
        lineBreak: false,
      });
      margins.bottom = margemInferior;
    }
    this.doc.end();
    return this.fim;
  }
}

function celula(c: Celula): { texto: string; negrito: boolean; cor: string | undefined } {
  return typeof c === 'string' ? { texto: c, negrito: false, cor: undefined } : { texto: c.texto, negrito: c.negrito ?? false, cor: c.cor };
}
