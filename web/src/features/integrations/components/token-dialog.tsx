import * as React from 'react'
import { Copy, KeyRound, TriangleAlert } from 'lucide-react'
import { DialogFormFooter } from '@/components/dialog-form-footer'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { MultiSelect } from '@/components/ui/multi-select'
import { toast } from '@/hooks/use-toast'
import { useCreateToken } from '../api/create-token'
import type { TokenCreated, TokenScope, TokenStore } from '../api/types'
import { SCOPES, scopeDescriptions, scopeLabels } from '../labels'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  franchise: string
  stores: TokenStore[]
  defaultDays: number
  maxDays: number
}

type Errors = { name?: string; scopes?: string; days?: string }

/**
 * 'Novo token': a name, its scopes, the stores it is limited to and its lifetime; then the token, shown once.
 * The page mounts a fresh one (a new key) at each opening, so nothing of the last token stays.
 */
export function TokenDialog({ open, onOpenChange, franchise, stores, defaultDays, maxDays }: Props) {
  const create = useCreateToken(franchise)
  const [name, setName] = React.useState('')
  const [scopes, setScopes] = React.useState<TokenScope[]>([])
  const [limitTo, setLimitTo] = React.useState<string[]>([])
  const [days, setDays] = React.useState(String(defaultDays))
  const [errors, setErrors] = React.useState<Errors>({})
  const [created, setCreated] = React.useState<TokenCreated>()

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault()
    const next: Errors = {}
    if (!name.trim()) next.name = 'Digite um nome.'
    if (!scopes.length) next.scopes = 'Escolha ao menos uma permissão.'
    const n = Number(days)
    if (!Number.isInteger(n) || n < 1 || n > maxDays) next.days = `A validade deve ser de 1 a ${maxDays} dias.`
    setErrors(next)
    if (Object.keys(next).length) return
    create.mutate(
      { name: name.trim(), scopes, stores: limitTo, days: n },
      { onSuccess: (out) => setCreated(out) },
    )
  }

  const copy = async () => {
    if (!created) return
    try {
      await navigator.clipboard.writeText(created.secret)
      toast({ title: 'Token copiado', description: 'Guarde-o no sistema que vai usá-lo.' })
    } catch {
      toast({ title: 'Não foi possível copiar', description: 'Selecione o token e copie-o manualmente.' })
    }
  }

  const pending = create.isPending
  const storeOptions = stores.map((s) => ({ value: s.slug, label: s.name }))

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Token criado</DialogTitle>
              <DialogDescription>Copie o token de “{created.token.name}” e guarde-o no sistema que vai usá-lo.</DialogDescription>
            </DialogHeader>
            <div role="alert" className="flex gap-3 rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p>Este token não será mostrado de novo. Se perdê-lo, revogue-o e crie outro.</p>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="token-secret">Token</Label>
              <div className="flex gap-2">
                <Input id="token-secret" readOnly value={created.secret} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
                <Button type="button" variant="outline" onClick={copy}>
                  <Copy aria-hidden="true" />
                  Copiar
                </Button>
              </div>
            </div>
            <DialogFooter>
              <Button type="button" onClick={() => onOpenChange(false)}>
                Concluir
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Novo token</DialogTitle>
              <DialogDescription>Um sistema do grupo (caixa, ERP, planilha de preços) usa o token para chamar a API da Vitrine.</DialogDescription>
            </DialogHeader>
            <form onSubmit={onSubmit} noValidate className="grid gap-5">
              <FormField id="token-name" label="Nome" error={errors.name} description="Por exemplo, o sistema que vai usá-lo.">
                <Input autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
              </FormField>
              <fieldset className="grid gap-3" aria-describedby={errors.scopes ? 'token-scopes-error' : undefined}>
                <legend className="mb-1 text-sm font-medium">Permissões</legend>
                {SCOPES.map((scope) => (
                  <div key={scope} className="flex items-start gap-3">
                    <Checkbox
                      id={`token-scope-${scope}`}
                      checked={scopes.includes(scope)}
                      onCheckedChange={(checked) =>
                        setScopes((list) => (checked === true ? SCOPES.filter((s) => s === scope || list.includes(s)) : list.filter((s) => s !== scope)))
                      }
                      aria-describedby={`token-scope-${scope}-description`}
                    />
                    <div className="grid gap-1">
                      <Label htmlFor={`token-scope-${scope}`}>{scopeLabels[scope]}</Label>
                      <p id={`token-scope-${scope}-description`} className="text-sm text-muted-foreground">
                        {scopeDescriptions[scope]}
                      </p>
                    </div>
                  </div>
                ))}
                {errors.scopes && (
                  <p id="token-scopes-error" role="alert" className="text-sm text-destructive">
                    {errors.scopes}
                  </p>
                )}
              </fieldset>
              <FormField id="token-stores" label="Lojas (opcional)" description="Sem lojas, o token vale para o grupo todo. Com lojas, age como um franqueado delas.">
                <MultiSelect
                  options={storeOptions}
                  value={limitTo}
                  onChange={setLimitTo}
                  placeholder={storeOptions.length ? 'Todas as lojas' : 'O grupo não tem lojas'}
                  disabled={!storeOptions.length}
                />
              </FormField>
              <FormField id="token-days" label="Validade (dias)" error={errors.days} description={`No máximo ${maxDays} dias.`}>
                <Input type="number" inputMode="numeric" min={1} max={maxDays} value={days} onChange={(e) => setDays(e.target.value)} />
              </FormField>
              <DialogFormFooter pending={pending} submitLabel="Criar token" submitIcon={<KeyRound aria-hidden="true" />} />
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
