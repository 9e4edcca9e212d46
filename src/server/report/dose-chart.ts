/**
 * The dose–response chart of the technical report, drawn as vectors: the fitted curve, the observed
 * means as points, axes with round ticks written in pt-BR.
 */
import { formatNumber } from '../../shared/format.js';
import { COR, type Folha } from './pdf-layout.js';

export interface CurvaDose {
  /** Observed means by dose (the regression's `medias_por_dose`). */
  pontos: readonly { dose: number; media: number }[];
  /** ŷ = b0 + b1·x (+ b2·x²); null draws the points alone. */
  coeficientes: readonly number[] | null;
  rotuloX: string;
  rotuloY: string;
}

/** A round step (1, 2 or 5 × 10ⁿ) giving about `alvo` intervals over `amplitude`. */
export function passoRedondo(amplitude: number, alvo = 5): number {
  if (!(amplitude > 0) || !Number.isFinite(amplitude)) return 1;
  const bruto = amplitude / alvo;
  const ordem = 10 ** Math.floor(Math.log10(bruto));
  const r = bruto / ordem;
  return (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10) * ordem;
}

/** Ticks covering [min, max] at a round step, and the decimals their labels need. */
export function marcas(min: number, max: number, alvo = 5): { valores: number[]; casas: number } {
  const lo = min === max ? min - 1 : min;
  const hi = min === max ? max + 1 : max;
  const passo = passoRedondo(hi - lo, alvo);
  const inicio = Math.floor(lo / passo + 1e-9) * passo;
  const fim = Math.ceil(hi / passo - 1e-9) * passo;
  const valores: number[] = [];
  for (let v = inicio; v <= fim + passo * 1e-6; v += passo) valores.push(Math.abs(v) < passo * 1e-9 ? 0 : v);
  return { valores, casas: Math.max(0, -Math.floor(Math.log10(passo) + 1e-9)) };
}

const avaliar = (coef: readonly number[], x: number): number => coef.reduceRight((acc, c) => acc * x + c, 0);

/** Draws the chart at the current line, `altura` points tall across the text width. */
export function desenharCurvaDose(folha: Folha, curva: CurvaDose, altura = 220): void {
  const { doc } = folha;
  folha.espaco(altura + 10);
  const x0 = folha.esquerda;
  const y0 = doc.y;
  const esquerdaEixo = 62;
  const baseEixo = 36;
  const legendaLargura = 118;
  // The legend sits right of the plot, where no point or curve can be under it.
  const area = { x: x0 + esquerdaEixo, y: y0 + 8, w: folha.largura - esquerdaEixo - legendaLargura, h: altura - baseEixo - 8 };

  const doses = curva.pontos.map((p) => p.dose);
  const dMin = Math.min(...doses);
  const dMax = Math.max(...doses);
  const amostras = curva.coeficientes
    ? Array.from({ length: 81 }, (_, i) => {
        const d = dMin + ((dMax - dMin) * i) / 80;
        return { dose: d, media: avaliar(curva.coeficientes ?? [], d) };
      })
    : [];
  const ys = [...curva.pontos.map((p) => p.media), ...amostras.map((p) => p.media)];
  const folgaY = (Math.max(...ys) - Math.min(...ys)) * 0.08 || 1;
  const eixoX = marcas(Math.min(0, dMin), dMax);
  const eixoY = marcas(Math.min(...ys) - folgaY, Math.max(...ys) + folgaY);
  const [xLo = 0, xHi = 1] = [eixoX.valores[0], eixoX.valores.at(-1)];
  const [yLo = 0, yHi = 1] = [eixoY.valores[0], eixoY.valores.at(-1)];
  const px = (d: number): number => area.x + ((d - xLo) / (xHi - xLo || 1)) * area.w;
  const py = (v: number): number => area.y + area.h - ((v - yLo) / (yHi - yLo || 1)) * area.h;

  doc.save();
  // Grid and ticks.
  folha.fonte(7.5, false, COR.suave);
  for (const v of eixoY.valores) {
    const y = py(v);
    doc
      .moveTo(area.x, y)
      .lineTo(area.x + area.w, y)
      .lineWidth(0.3)
      .strokeColor('#e0e0e0')
      .stroke();
    doc
      .moveTo(area.x - 3, y)
      .lineTo(area.x, y)
      .lineWidth(0.6)
      .strokeColor(COR.regua)
      .stroke();
    doc.text(formatNumber(v, eixoY.casas), area.x - 52, y - 4, { width: 46, align: 'right', lineBreak: false });
  }
  for (const v of eixoX.valores) {
    const x = px(v);
    doc
      .moveTo(x, area.y + area.h)
      .lineTo(x, area.y + area.h + 3)
      .lineWidth(0.6)
      .strokeColor(COR.regua)
      .stroke();
    doc.text(formatNumber(v, eixoX.casas), x - 25, area.y + area.h + 6, { width: 50, align: 'center', lineBreak: false });
  }
  // Axes.
  doc
    .moveTo(area.x, area.y)
    .lineTo(area.x, area.y + area.h)
    .lineTo(area.x + area.w, area.y + area.h)
    .lineWidth(0.8)
    .strokeColor(COR.regua)
    .stroke();
  folha.fonte(8, false, COR.texto);
  doc.text(curva.rotuloX, area.x, area.y + area.h + 19, { width: area.w, align: 'center', lineBreak: false });
  doc.save();
  doc.rotate(-90, { origin: [x0 + 6, area.y + area.h / 2] });
  doc.text(curva.rotuloY, x0 + 6 - area.h / 2, area.y + area.h / 2 - 4, { width: area.h, align: 'center', lineBreak: false });
  doc.restore();

  // The fitted curve.
  const [primeiro, ...resto] = amostras;
  if (primeiro) {
    doc.moveTo(px(primeiro.dose), py(primeiro.media));
    for (const p of resto) doc.lineTo(px(p.dose), py(p.media));
    doc.lineWidth(1.4).strokeColor(COR.destaque).stroke();
  }
  // The observed means.
  for (const p of curva.pontos) {
    doc.circle(px(p.dose), py(p.media), 3).lineWidth(0.9).fillAndStroke('#ffffff', COR.regua);
  }
  // Legend.
  const ly = area.y + 6;
  const lx = area.x + area.w + 18;
  folha.fonte(7.5, false, COR.texto);
  if (primeiro) {
    doc
      .moveTo(lx, ly + 4)
      .lineTo(lx + 18, ly + 4)
      .lineWidth(1.4)
      .strokeColor(COR.destaque)
      .stroke();
    doc.text('Curva ajustada', lx + 24, ly, { lineBreak: false });
  }
  doc
    .circle(lx + 9, ly + 17, 3)
    .lineWidth(0.9)
    .fillAndStroke('#ffffff', COR.regua);
  folha.fonte(7.5, false, COR.texto);
  doc.text('Média observada', lx + 24, ly + 13, { lineBreak: false });
  doc.restore();

  doc.x = folha.esquerda;
  doc.y = y0 + altura;
}
