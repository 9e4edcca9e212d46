/**
 * Official average yields by state (kg/ha), shipped so that a trial is compared with its region's
 * average (IN MAPA 53/2013, art. 40) even when none was typed in step 4. Source: Companhia Nacional
 * de Abastecimento (Conab), Acompanhamento da safra brasileira de grãos, safra 2025/26, 3º
 * levantamento, dezembro de 2025: its spreadsheet "site_previsao_de_safra-por_produto-dez-2025.xlsx",
 * tables "Comparativo de área, produtividade e produção", the column of the finished season 2024/25
 * as revised in December 2025 (wheat: "Safra 2024"). Milho, feijão and arroz are each crop's total
 * (all its harvests); algodão is seed cotton (caroço + pluma). States with no area are absent, and so
 * is cotton in RN, whose cell disagrees with its own row's production ÷ area. Values are the cells
 * rounded as the sheet shows them. docs/decisions/026 says how this was obtained and when to update it.
 */

export const FONTE_PRODUTIVIDADE_OFICIAL = 'Conab, safra 2024/25, levantamento de dezembro de 2025';

export const FONTE_PRODUTIVIDADE_OFICIAL_COMPLETA =
  'Companhia Nacional de Abastecimento (Conab). Acompanhamento da safra brasileira de grãos, safra 2025/26, 3º levantamento, dezembro de 2025: produtividade da safra 2024/25 por unidade da federação.';

/** kg/ha by crop (as the crops' lookup names them) and state (UF). */
// prettier-ignore
const PRODUTIVIDADE_POR_UF: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  Soja: { RR: 3450, RO: 3799, AC: 3459, AM: 3330, AP: 2618, PA: 3568, TO: 3422, MA: 3383, PI: 3441, CE: 3749, PE: 3000, AL: 3600, BA: 4142, MT: 4028, MS: 3339, GO: 4183, DF: 3837, MG: 3965, SP: 3893, PR: 3739, SC: 3933, RS: 2342 },
  Milho: { RR: 6000, RO: 5273, AC: 3407, AM: 3005, AP: 969, PA: 4206, TO: 5630, MA: 5715, PI: 4096, CE: 466, RN: 321, PB: 449, PE: 1151, AL: 5230, SE: 5985, BA: 3829, MT: 7621, MS: 6390, GO: 7245, DF: 7395, MG: 6082, ES: 3731, RJ: 4655, SP: 5907, PR: 6601, SC: 10800, RS: 7590 },
  Trigo: { BA: 5700, MS: 992, GO: 2133, DF: 3657, MG: 2668, SP: 2901, PR: 2087, SC: 3700, RS: 2923 },
  'Feijão': { RR: 1212, RO: 1060, AC: 563, AM: 731, AP: 909, PA: 748, TO: 1205, MA: 670, PI: 262, CE: 157, RN: 165, PB: 293, PE: 708, AL: 618, SE: 797, BA: 771, MT: 1844, MS: 1775, GO: 2432, DF: 2618, MG: 1614, ES: 1056, RJ: 1354, SP: 2272, PR: 1750, SC: 1855, RS: 1733 },
  Arroz: { RR: 7530, RO: 3690, AC: 1227, AM: 3252, AP: 1030, PA: 2814, TO: 6161, MA: 2992, PI: 1756, CE: 2341, RN: 2811, PB: 1311, AL: 7200, SE: 8227, MT: 3661, MS: 6889, GO: 5351, DF: 6275, MG: 3934, ES: 3656, RJ: 2809, SP: 6975, PR: 6927, SC: 8500, RS: 9021 },
  'Algodão': { RO: 4500, PA: 3796, TO: 4359, MA: 4395, PI: 4581, CE: 1790, PB: 569, BA: 4832, MT: 4735, MS: 5320, GO: 4558, MG: 4200, SP: 3930, PR: 3000 },
};

/** The official average yield of `cultura` in the state `uf` (kg/ha), or null when the table has none. */
export function produtividadeOficial(cultura: string, uf: string): number | null {
  return PRODUTIVIDADE_POR_UF[cultura.trim()]?.[uf.trim().toUpperCase()] ?? null;
}
