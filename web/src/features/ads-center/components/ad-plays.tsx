import * as React from 'react'
import { Download, Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { TruncatedText } from '@/components/truncated-text'
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { compareNames } from '@/lib/name-order'
import { spansZones, zoneLabel } from '@/lib/time-zones'
import { useDownloadAdPlays } from '../api/download-ad-plays'
import { useAdPlays } from '../api/get-ad-plays'
import type { AdPlay } from '../api/types'
import { dayText } from '../calendar'

const seconds = (value: number) => `${value.toLocaleString('pt-BR')} s`

/** Newest day first, then by screen name. */
export function sortPlays(plays: readonly AdPlay[]) {
  return [...plays].sort((a, b) => (a.day === b.day ? compareNames(a.displayName, b.displayName) : a.day < b.day ? 1 : -1))
}

/** Proof of play: how many times the advertisement played on each screen each day, with a CSV download. */
export function AdPlays({ franchise, adId, adName }: { franchise: string; adId: string; adName: string }) {
  const plays = useAdPlays(franchise, adId)
  const download = useDownloadAdPlays()
  const rows = React.useMemo(() => sortPlays(plays.data ?? []), [plays.data])
  const total = rows.reduce((sum, play) => sum + play.count, 0)
  const totalSeconds = rows.reduce((sum, play) => sum + (play.seconds ?? 0), 0)
  // Each day is the TV's local day: said when the screens' clocks differ.
  const manyZones = spansZones(rows.map((play) => play.timeZone).filter(Boolean))

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle className="text-base">Exibições por dia e tela</CardTitle>
          {manyZones && <p className="text-xs text-muted-foreground">Os dias seguem o fuso de cada loja.</p>}
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={download.isPending || rows.length === 0}
          onClick={() => download.mutate({ franchise, id: adId, fallbackName: `exibicoes-${adName || adId}.csv` })}
        >
          {download.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download />}
          Baixar CSV
        </Button>
      </CardHeader>
      <CardContent>
        <div className="max-h-96 overflow-auto rounded-md border">
          <Table aria-label="Exibições por dia e tela">
            <TableHeader>
              <TableRow>
                <TableHead>Dia</TableHead>
                <TableHead className="w-full">Tela</TableHead>
                <TableHead className="text-right">Exibições</TableHead>
                <TableHead className="text-right">Tempo total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {plays.isLoading ? (
                <TableRow>
                  <TableCell colSpan={4} className="h-16 text-center text-muted-foreground">
                    Carregando exibições...
                  </TableCell>
                </TableRow>
              ) : rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} className="h-16 text-center text-muted-foreground">
                    Nenhuma exibição registrada.
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((play) => (
                  <TableRow key={`${play.day}-${play.displayId}`}>
                    <TableCell className="tabular-nums">{dayText(play.day)}</TableCell>
                    <TableCell className="max-w-0">
                      <TruncatedText text={play.displayName} />
                      {manyZones && play.timeZone && <span className="block text-xs text-muted-foreground">{zoneLabel(play.timeZone)}</span>}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{play.count}</TableCell>
                    <TableCell className="text-right tabular-nums">{play.seconds === undefined ? '—' : seconds(play.seconds)}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
            {rows.length > 0 && (
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={2}>Total</TableCell>
                  <TableCell className="text-right tabular-nums">{total}</TableCell>
                  <TableCell className="text-right tabular-nums">{seconds(totalSeconds)}</TableCell>
                </TableRow>
              </TableFooter>
            )}
          </Table>
        </div>
      </CardContent>
    </Card>
  )
}
