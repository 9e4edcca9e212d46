/**
 * The field kit of one trial (/experimentos/:id/croqui): the randomised layout drawn to scale,
 * plot labels with QR codes, rating sheets and the spray mix of each application, each tab
 * printable on its own (styles.css, "Field kit").
 */
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Croqui, DimensoesParcela } from '../../../../shared/field-plan.js';
import { situacaoLabel } from '../../../../shared/field-plan.js';
import { QueryState } from '../../../components/query-state.js';
import { Alert } from '../../../components/ui/alert.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.js';
import { Tabs } from '../../../components/ui/tabs.js';
import { toast } from '../../../components/ui/toast.js';
import { baixarCroquiCsv, useCroqui, useExperimentoCampo } from '../api/queries.js';
import type { ExperimentoCampo } from '../types.js';
import { CaldaView } from './calda-view.js';
import { DrawCroquiForm } from './draw-croqui.js';
import { FieldMap } from './field-map.js';
import { ETIQUETA_FOLHA, PlotLabels } from './plot-labels.js';
import { RatingSheets } from './rating-sheets.js';

type Aba = 'mapa' | 'etiquetas' | 'fichas' | 'calda';
const ABAS: { key: Aba; label: string }[] = [
  { key: 'mapa', label: 'Mapa' },
  { key: 'etiquetas', label: 'Etiquetas' },
  { key: 'fichas', label: 'Fichas de avaliação' },
  { key: 'calda', label: 'Calda' },
];

const titulo = (e: ExperimentoCampo) => [e.cultura, e.cultivar].filter(Boolean).join(' ') + (e.cidade ? ` · ${e.cidade}/${e.estado}` : '');

function Barra({ descricao, children }: { descricao: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
      <p className="text-sm text-slate-600">{descricao}</p>
      <div className="flex flex-wrap gap-2">
        {children}
        <Button variant="secondary" onClick={() => window.print()}>
          Imprimir
        </Button>
      </div>
    </div>
  );
}

function KitTabs({ e, croqui, parcela }: { e: ExperimentoCampo; croqui: Croqui; parcela: DimensoesParcela }) {
  const [aba, setAba] = useState<Aba>('mapa');
  const [baixando, setBaixando] = useState(false);
  const nome = `Experimento nº ${e.id} · ${titulo(e)}`;
  const baixar = async () => {
    setBaixando(true);
    try {
      await baixarCroquiCsv(e.id);
    } catch {
      toast.error('Não foi possível baixar o CSV do croqui. Tente novamente.');
    } finally {
      setBaixando(false);
    }
  };
  return (
    <Tabs items={ABAS} value={aba} onChange={setAba}>
      {aba === 'mapa' ? (
        <>
          <Barra descricao={`${croqui.parcelas.length} parcelas em ${croqui.blocos} blocos · folhas A4 de até 60 parcelas`}>
            <Button variant="ghost" onClick={baixar} disabled={baixando}>
              {baixando ? 'Baixando…' : 'Baixar CSV'}
            </Button>
          </Barra>
          <FieldMap croqui={croqui} dimensoes={parcela} tratamentos={e.tratamentos} titulo={nome} />
        </>
      ) : null}
      {aba === 'etiquetas' ? (
        <>
          <Barra descricao={`Folha ${ETIQUETA_FOLHA}. Imprima em tamanho real (100%), sem ajustar à página.`} />
          <PlotLabels experimentId={e.id} parcelas={croqui.parcelas} tratamentos={e.tratamentos} cultura={e.cultura ?? ''} />
        </>
      ) : null}
      {aba === 'fichas' ? (
        <>
          <Barra descricao="Uma folha por avaliação, na ordem de caminhada (parcelas em ordem crescente)." />
          <RatingSheets avaliacoes={e.avaliacoes} parcelas={croqui.parcelas} titulo={nome} />
        </>
      ) : null}
      {aba === 'calda' ? (
        <>
          <Barra descricao="Quantidades para todas as parcelas de cada tratamento (dose por hectare × área)." />
          <CaldaView experimentId={e.id} aplicacoes={e.aplicacoes} tratamentos={e.tratamentos} titulo={nome} />
        </>
      ) : null}
    </Tabs>
  );
}

/** A croqui drawn before the design, the blocks or the treatments changed no longer matches the trial. */
function Desatualizado({ e, croqui }: { e: ExperimentoCampo; croqui: Croqui }) {
  const motivos: string[] = [];
  if (e.blocos && croqui.blocos !== e.blocos) motivos.push(`foi sorteado com ${croqui.blocos} blocos e o experimento tem ${e.blocos}`);
  if (croqui.delineamento !== e.tipo_estatistica)
    motivos.push(`foi sorteado para ${croqui.delineamento} e o experimento é ${e.tipo_estatistica}`);
  if (croqui.parcelas.some((p) => p.tratamento >= e.tratamentos.length)) motivos.push('cita tratamentos que o experimento não tem mais');
  if (motivos.length === 0) return null;
  return (
    <Alert tone="warning" title="O croqui não corresponde mais ao experimento" className="print:hidden">
      O croqui {motivos.join('; ')}. Sorteie outro croqui antes de imprimir etiquetas e fichas.
    </Alert>
  );
}

function Kit({ e }: { e: ExperimentoCampo }) {
  const croqui = useCroqui(e.id);
  const semPlano = !e.blocos || !e.parcela;
  return (
    <div className="field-kit space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4 print:hidden">
        <div className="min-w-0">
          <Link to={`/dashboard?experimento=${e.id}`} className="text-sm font-medium text-brand-700 hover:underline">
            Voltar ao experimento
          </Link>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Croqui e kit de campo</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
            <span>
              Experimento nº {e.id} · {titulo(e)}
            </span>
            {e.situacao ? <Badge tone={e.situacao === 'concluido' ? 'gray' : 'green'}>{situacaoLabel(e.situacao)}</Badge> : null}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {e.tipo_estatistica}
            {e.blocos ? ` · ${e.blocos} blocos` : ''} · {e.tratamentos.length} tratamentos
          </p>
        </div>
      </header>
      {semPlano ? (
        <Alert tone="warning" title="Faltam dados para sortear o croqui">
          Informe o número de blocos e as dimensões da parcela (comprimento e largura, em metros) no cadastro do experimento; depois volte
          aqui para sortear o croqui.{' '}
          <Link to={`/dashboard?experimento=${e.id}`} className="font-semibold underline">
            Abrir o experimento
          </Link>
        </Alert>
      ) : (
        <QueryState query={croqui} errorText="Erro ao buscar o croqui">
          {(c) =>
            c === null ? (
              <Card>
                <CardHeader
                  title="Nenhum croqui sorteado ainda"
                  description={`Sorteie a casualização dos ${e.tratamentos.length} tratamentos em ${e.blocos} blocos para gerar o mapa, as etiquetas e as fichas de campo.`}
                />
                <CardBody>
                  <DrawCroquiForm experimentId={e.id} atual={null} />
                </CardBody>
              </Card>
            ) : (
              <>
                <Card className="print:hidden">
                  <CardBody className="flex flex-col gap-3">
                    <p className="text-sm text-slate-700">
                      Croqui atual: semente <strong className="tabular-nums">{c.semente}</strong> · numeração{' '}
                      {c.numeracao === 'serpentina' ? 'em serpentina' : 'sequencial'} · {c.delineamento} · {c.blocos} blocos
                    </p>
                    <details className="group">
                      <summary
                        className={buttonClasses(
                          'secondary',
                          'sm',
                          'cursor-pointer list-none select-none [&::-webkit-details-marker]:hidden group-open:bg-brand-50',
                        )}
                      >
                        Sortear outro croqui
                      </summary>
                      <div className="mt-4 border-t border-soil-100 pt-4">
                        <DrawCroquiForm experimentId={e.id} atual={c} />
                      </div>
                    </details>
                  </CardBody>
                </Card>
                <Desatualizado e={e} croqui={c} />
                <KitTabs e={e} croqui={c} parcela={e.parcela as DimensoesParcela} />
              </>
            )
          }
        </QueryState>
      )}
    </div>
  );
}

export function FieldKit({ experimentId }: { experimentId: number | null }) {
  const experiment = useExperimentoCampo(experimentId);
  if (experimentId === null) return <Alert tone="error">Experimento não encontrado</Alert>;
  return (
    <QueryState query={experiment} errorText="Erro ao buscar experimento">
      {(e) => <Kit e={e} />}
    </QueryState>
  );
}
