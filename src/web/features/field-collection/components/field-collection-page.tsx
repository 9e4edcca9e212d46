/**
 * `/experimentos/:id/coleta`: an assessment's values typed plot by plot in field order (ascending
 * plot number), one plot at a time or as a list. Every value is kept on the device as it is typed
 * (coleta-store.ts) and sent shortly after, or with "Enviar agora", or when the connection returns;
 * a value someone else changed meanwhile comes back as a conflict and waits for the user's choice.
 */
import { formatIsoDate } from '../../../../shared/format.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { valueProblem } from '../../../../shared/assessments.js';
import { formatDecimal } from '../../../../shared/decimal.js';
import type { Experiment } from '../../../../shared/experiment.js';
import { Alert } from '../../../components/ui/alert.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card, CardBody } from '../../../components/ui/card.js';
import { Input, Select } from '../../../components/ui/field.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { ApiError } from '../../../lib/api-client.js';
import { cn } from '../../../lib/cn.js';
import { fetchExperiment } from '../../../lib/experiments.js';
import { useOffline } from '../../../lib/offline.js';
import { retryAfterOnline } from '../../../lib/online-retry.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { coletaSync, fetchCroqui } from '../api/coleta.js';
import { type ColetaStore, type ValorLocal, coletaStore } from '../coleta-store.js';
import { type ColetaSync, refreshAfterColeta } from '../coleta-sync.js';
import { type PlotRow, plotLabel, plotRows, readPlotCode } from '../plots.js';
import { PlotInput } from './plot-input.js';
import { QrScanner, hasBarcodeDetector } from './qr-scanner.js';

/** A pause after the last keystroke before the values go (a plot typed digit by digit is one send). */
const SEND_DELAY_MS = 1_500;
const RETRY_EVERY_MS = 30_000;

type Avaliacao = Experiment['avaliacoes'][number];
type Mode = 'uma' | 'lista';

export interface FieldCollectionPageProps {
  experimentId: number;
  /** The signed-in user (the route's guard): values are kept per user. */
  userId: string;
  /** Tests pass their own store and sender; the app uses the device's. */
  store?: ColetaStore;
  sync?: Pick<ColetaSync, 'sendNow'>;
  sendDelayMs?: number;
}

/** The walking mode last chosen on this device (one at a time by default: a phone in the field). */
const MODE_KEY = 'gestao-agricola:coleta-modo';
function readMode(): Mode {
  try {
    return localStorage.getItem(MODE_KEY) === 'lista' ? 'lista' : 'uma';
  } catch {
    return 'uma';
  }
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const fmt = (v: number | null | undefined) => (v === null || v === undefined ? 'vazio' : formatDecimal(v));

export function FieldCollectionPage({
  experimentId: id,
  userId,
  store = coletaStore,
  sync = coletaSync,
  sendDelayMs = SEND_DELAY_MS,
}: FieldCollectionPageProps) {
  const experiment = useQuery({ queryKey: queryKeys.experiment(id), queryFn: () => fetchExperiment(id) });
  const croqui = useQuery({ queryKey: queryKeys.croqui(id), queryFn: ({ signal }) => fetchCroqui(id, signal) });

  if (experiment.isPending || croqui.isPending)
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner className="h-8 w-8" />
      </div>
    );
  if (experiment.isError) return <Alert tone="error">Erro ao buscar experimento. {offlineHint(experiment.error)}</Alert>;
  if (croqui.isError) {
    const err = croqui.error;
    if (err instanceof ApiError && err.status === 404)
      return (
        <Alert tone="warning" title={err.message}>
          <Link to={`/experimentos/${id}/croqui`} className={buttonClasses('secondary', 'md', 'mt-2')}>
            Desenhar o croqui do experimento
          </Link>
        </Alert>
      );
    return <Alert tone="error">Não foi possível ler o croqui. {offlineHint(err)}</Alert>;
  }
  return (
    <Collection
      experiment={experiment.data}
      rowsOf={(chave) => plotRows(croqui.data, experiment.data.tratamentos, chave)}
      userId={userId}
      store={store}
      sync={sync}
      sendDelayMs={sendDelayMs}
    />
  );
}

function offlineHint(err: unknown): string {
  return err instanceof ApiError && err.isNetwork ? 'Sem conexão: abra esta página uma vez com conexão para usá-la no campo.' : '';
}

function Collection({
  experiment,
  rowsOf,
  userId,
  store,
  sync,
  sendDelayMs,
}: {
  experiment: Experiment;
  rowsOf: (chave: string) => PlotRow[];
  userId: string;
  store: ColetaStore;
  sync: Pick<ColetaSync, 'sendNow'>;
  sendDelayMs: number;
}) {
  const id = experiment.id;
  const avaliacoes = experiment.avaliacoes;
  const [chosen, setChosen] = useState<string | null>(null);
  const avaliacao: Avaliacao | undefined = avaliacoes.find((a) => a.chave === chosen) ?? avaliacoes[0];
  const chave = avaliacao?.chave ?? '';
  const rows = useMemo(() => rowsOf(chave), [rowsOf, chave]);

  const stored = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  const mine = useMemo(() => stored.filter((v) => v.userId === userId && v.experimentId === id), [stored, userId, id]);
  const locals = useMemo(() => new Map(mine.filter((v) => v.avaliacao === chave).map((v) => [v.numero, v])), [mine, chave]);
  // What was typed in this visit, before the store has it (and texts it will not keep: not a number, refused by the type).
  const [typed, setTyped] = useState<Record<string, number | null>>({});

  const kept = (r: PlotRow) => {
    const local = locals.get(r.numero);
    return local ? local.valor : r.servidor;
  };
  const shown = (r: PlotRow) => {
    const t = typed[`${chave}|${r.numero}`];
    return t !== undefined ? t : kept(r);
  };
  const problemOf = (r: PlotRow): string | null => {
    const v = shown(r);
    const local = locals.get(r.numero);
    if (v !== null && Number.isFinite(v) && avaliacao) {
      const p = valueProblem(v, avaliacao);
      if (p) return p;
    }
    return local?.status === 'recusado' ? (local.erro ?? null) : null;
  };
  const invalid = (r: PlotRow) => Number.isNaN(shown(r)) || problemOf(r) !== null;

  const filled = rows.filter((r) => kept(r) !== null).length;
  const pendentes = mine.filter((v) => v.status === 'pendente').length;
  const conflitos = mine.filter((v) => v.status === 'conflito');

  // Sending: debounced after a keystroke, on demand, when the connection returns, every 30 s while something waits.
  const queryClient = useQueryClient();
  const { offline } = useOffline();
  const [sending, setSending] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [lastSent, setLastSent] = useState(false);
  const send = useCallback(async (): Promise<boolean> => {
    setSending(true);
    try {
      const result = await sync.sendNow();
      setErro(result.erro);
      if (result.gravados > 0 || result.conflitos.length > 0) setLastSent(true);
      await refreshAfterColeta(queryClient, result);
      return result.stop !== 'sem-conexao';
    } finally {
      setSending(false);
    }
  }, [sync, queryClient]);

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const scheduleSend = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      if (typeof navigator === 'undefined' || navigator.onLine) void send();
    }, sendDelayMs);
  }, [send, sendDelayMs]);

  const hasPending = pendentes > 0;
  useEffect(() => {
    const onOnline = () => void retryAfterOnline(send);
    window.addEventListener('online', onOnline);
    const every = setInterval(() => {
      if (navigator.onLine && hasPending) void send();
    }, RETRY_EVERY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(every);
    };
  }, [send, hasPending]);
  // Values left from an earlier visit go as soon as the page opens (online).
  useEffect(() => {
    void store.list().then((all) => {
      if (navigator.onLine && all.some((v) => v.userId === userId && v.status === 'pendente')) void send();
    });
  }, [store, userId, send]);
  // Leaving the page within the pause: what was typed goes now rather than at the next visit.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void sync.sendNow().catch(() => undefined);
      }
    },
    [sync],
  );

  const change = (r: PlotRow, v: number | null) => {
    setTyped((t) => ({ ...t, [`${chave}|${r.numero}`]: v }));
    setLastSent(false);
    const fits = v === null || (Number.isFinite(v) && (!avaliacao || valueProblem(v, avaliacao) === null));
    if (!fits) return;
    void store.edit({ userId, experimentId: id, avaliacao: chave, numero: r.numero, valor: v, mostrado: kept(r) }).then(scheduleSend);
  };

  // Walking: the plot shown (one at a time) or focused (list).
  const [mode, setModeState] = useState<Mode>(readMode);
  const setMode = (m: Mode) => {
    setModeState(m);
    try {
      localStorage.setItem(MODE_KEY, m);
    } catch {
      // Storage blocked: the choice lasts for this visit.
    }
  };
  const [pos, setPos] = useState(0);
  const index = Math.min(pos, Math.max(rows.length - 1, 0));
  const current = rows[index];
  const bigInput = useRef<HTMLInputElement>(null);
  const listInputs = useRef(new Map<number, HTMLInputElement>());
  // After a move: the plot's input is focused (a button, Enter, a jump confirmed) or, in the list, only scrolled to (typing a number).
  const wanted = useRef<{ numero: number; focus: boolean } | null>(null);
  const goTo = (i: number, focus = true) => {
    const next = Math.max(0, Math.min(rows.length - 1, i));
    setPos(next);
    const numero = rows[next]?.numero;
    wanted.current = numero === undefined ? null : { numero, focus };
  };
  useEffect(() => {
    const want = wanted.current;
    if (!want) return;
    wanted.current = null;
    const el = mode === 'uma' ? bigInput.current : listInputs.current.get(want.numero);
    if (mode === 'lista') el?.scrollIntoView?.({ block: 'center' });
    if (want.focus) el?.focus();
  });

  const [ir, setIr] = useState('');
  const [irErro, setIrErro] = useState<string | null>(null);
  const findPlot = (numero: number) => rows.findIndex((r) => r.numero === numero);
  const jump = (text: string, focus: boolean) => {
    const n = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
    const i = findPlot(n);
    if (i >= 0) {
      setIrErro(null);
      goTo(i, focus);
    } else if (focus) setIrErro(text.trim() ? `Parcela ${text.trim()} não está no croqui` : null);
  };
  const [scanning, setScanning] = useState(false);
  const canScan = useMemo(() => hasBarcodeDetector(), []);

  if (!avaliacao)
    return (
      <Alert tone="info" title="Nenhuma avaliação declarada">
        Declare as avaliações do experimento (nome, unidade, tipo e data) no formulário do experimento para coletar os valores por parcela.
      </Alert>
    );

  const unit = avaliacao.unidade || undefined;
  const statusOf = (local: ValorLocal | undefined): string | undefined =>
    local?.status === 'pendente'
      ? 'Guardado neste aparelho'
      : local?.status === 'conflito'
        ? 'Em conflito com o servidor'
        : local?.status === 'recusado'
          ? 'Recusado pelo servidor'
          : undefined;
  const nomeAvaliacao = (c: string) => avaliacoes.find((a) => a.chave === c)?.nome ?? c;

  return (
    <div className="mx-auto max-w-2xl space-y-4 pb-10">
      <header>
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Coleta no campo</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">Experimento nº {id}</h1>
        <p className="mt-1 text-sm text-slate-700">
          {[experiment.cultura, experiment.cultivar, experiment.cidade && `${experiment.cidade}/${experiment.estado}`]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </header>

      <Card>
        <CardBody className="space-y-4">
          <Select
            label="Avaliação"
            name="avaliacao"
            value={chave}
            onChange={(e) => {
              setChosen(e.target.value);
              setPos(0);
            }}
          >
            {avaliacoes.map((a) => (
              <option key={a.chave} value={a.chave}>
                {a.data ? `${a.nome} · ${formatIsoDate(a.data)}` : a.nome}
              </option>
            ))}
          </Select>
          <Progress filled={filled} total={rows.length} />
          <SendStatus
            offline={offline}
            pendentes={pendentes}
            sending={sending}
            erro={erro}
            sent={lastSent && conflitos.length === 0}
            onSend={() => {
              if (timer.current) clearTimeout(timer.current);
              timer.current = null;
              void send();
            }}
          />
        </CardBody>
      </Card>

      {conflitos.length ? (
        <section aria-labelledby="conflitos-titulo" className="rounded-xl border border-amber-200 bg-amber-50 p-4">
          <h2 id="conflitos-titulo" className="text-base font-semibold text-amber-900">
            {conflitos.length} {plural(conflitos.length, 'valor mudou', 'valores mudaram')} no servidor enquanto você digitava
          </h2>
          <p className="mt-1 text-sm text-amber-900">Escolha qual valor fica em cada parcela. Nada foi sobrescrito.</p>
          <ul className="mt-3 space-y-3">
            {conflitos.map((c) => (
              <li key={c.key} className="rounded-lg bg-white p-3 ring-1 ring-amber-200">
                <p className="font-medium text-slate-900">
                  Parcela {c.numero}
                  {c.avaliacao !== chave ? ` · ${nomeAvaliacao(c.avaliacao)}` : ''}
                </p>
                <p className="mt-0.5 text-sm text-slate-800">
                  No servidor: {fmt(c.servidor)} · Neste aparelho: {fmt(c.valor)}
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setTyped((t) => {
                        const next = { ...t };
                        delete next[`${c.avaliacao}|${c.numero}`];
                        return next;
                      });
                      void store.keepServer(c.key);
                    }}
                  >
                    Manter o do servidor
                  </Button>
                  <Button onClick={() => void store.useMine(c.key).then(() => send())}>Usar o meu</Button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label="Modo de coleta" className="inline-flex rounded-lg bg-soil-100 p-1">
          {(
            [
              ['uma', 'Uma por vez'],
              ['lista', 'Lista'],
            ] as const
          ).map(([m, text]) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className={cn(
                'h-11 rounded-md px-4 text-sm font-medium transition-colors',
                mode === m ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:bg-soil-200',
              )}
            >
              {text}
            </button>
          ))}
        </div>
        <div className="flex min-w-0 flex-1 items-end gap-2">
          <Input
            label="Ir para parcela"
            name="ir-para"
            inputMode="numeric"
            autoComplete="off"
            containerClassName="min-w-0 flex-1"
            value={ir}
            error={irErro ?? undefined}
            onChange={(e) => {
              setIr(e.target.value);
              setIrErro(null);
              jump(e.target.value, false);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                jump(ir, true);
              }
            }}
          />
          {canScan ? (
            <Button variant="secondary" onClick={() => setScanning(true)}>
              Ler QR
            </Button>
          ) : null}
        </div>
      </div>

      {mode === 'uma' && current ? (
        <Card>
          <CardBody className="space-y-4">
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="text-3xl font-bold text-slate-900">Parcela {current.numero}</p>
                <p className="mt-1 text-base text-slate-700">
                  Bloco {current.bloco} · {current.tratamentoNome}
                </p>
              </div>
              <Badge tone="green">
                {index + 1}/{rows.length}
              </Badge>
            </div>
            <PlotInput
              key={`${chave}|${current.numero}`}
              ref={bigInput}
              size="lg"
              numero={current.numero}
              label={plotLabel(current)}
              unit={unit}
              value={shown(current)}
              problem={problemOf(current)}
              status={statusOf(locals.get(current.numero))}
              onChange={(v) => change(current, v)}
              onEnter={() => {
                if (!invalid(current)) goTo(index + 1);
              }}
            />
            <div className="grid grid-cols-2 gap-3">
              <Button variant="secondary" size="lg" disabled={index === 0} onClick={() => goTo(index - 1)}>
                Anterior
              </Button>
              <Button size="lg" disabled={index >= rows.length - 1} onClick={() => goTo(index + 1)}>
                Próxima
              </Button>
            </div>
          </CardBody>
        </Card>
      ) : null}

      {mode === 'lista' ? (
        <Card>
          <ol className="divide-y divide-soil-100" aria-label={`Parcelas em ordem de caminhamento: ${avaliacao.nome}`}>
            {rows.map((r, i) => (
              <li key={`${chave}|${r.numero}`} className={cn('px-4 py-3 sm:px-6', i === index && 'bg-brand-50')}>
                <PlotInput
                  ref={(el) => {
                    if (el) listInputs.current.set(r.numero, el);
                    else listInputs.current.delete(r.numero);
                  }}
                  numero={r.numero}
                  label={plotLabel(r)}
                  unit={unit}
                  value={shown(r)}
                  problem={problemOf(r)}
                  status={statusOf(locals.get(r.numero))}
                  onChange={(v) => change(r, v)}
                  onEnter={() => {
                    if (!invalid(r)) goTo(i + 1);
                  }}
                />
              </li>
            ))}
          </ol>
        </Card>
      ) : null}

      {canScan ? (
        <QrScanner
          open={scanning}
          onClose={() => setScanning(false)}
          onRead={(text) => {
            setScanning(false);
            const read = readPlotCode(text, id);
            if (!read.ok) return setIrErro(read.message);
            setIr(String(read.numero));
            jump(String(read.numero), true);
          }}
        />
      ) : null}
    </div>
  );
}

function Progress({ filled, total }: { filled: number; total: number }) {
  const pct = total ? Math.round((filled / total) * 100) : 0;
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-800">Parcelas com valor</span>
        <span className="tabular-nums font-semibold text-brand-800">
          {filled} de {total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Parcelas com valor"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={filled}
        aria-valuetext={`${filled} de ${total}`}
        className="mt-1.5 h-3 overflow-hidden rounded-full bg-soil-100"
      >
        <div className="h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

function SendStatus({
  offline,
  pendentes,
  sending,
  erro,
  sent,
  onSend,
}: {
  offline: boolean;
  pendentes: number;
  sending: boolean;
  erro: string | null;
  sent: boolean;
  onSend: () => void;
}) {
  const guardados = `${pendentes} ${plural(pendentes, 'valor guardado', 'valores guardados')} neste aparelho`;
  const text = offline
    ? `Sem conexão: ${guardados}`
    : sending
      ? 'Enviando…'
      : pendentes
        ? `${pendentes} ${plural(pendentes, 'valor a enviar', 'valores a enviar')}`
        : sent
          ? 'Todos os valores enviados'
          : null;
  // Kept in the page while empty (out of the layout): a live region must exist before it speaks.
  return (
    <div className={text || erro ? 'space-y-2' : 'sr-only'}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className={cn('text-sm', offline ? 'font-medium text-amber-900' : 'text-slate-700')}>
          {text}
        </p>
        {pendentes > 0 ? (
          <Button variant="secondary" size="sm" disabled={sending} onClick={onSend}>
            Enviar agora
          </Button>
        ) : null}
      </div>
      {erro ? <Alert tone="error">{erro}</Alert> : null}
    </div>
  );
}
