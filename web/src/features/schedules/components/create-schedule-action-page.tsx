import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { ListPlus, Loader2, Tv } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/hooks/use-toast'
import { useSession } from '@/lib/session'
import { useCreateSchedule } from '../api/create-schedule'
import { scheduleNameSchema, type ScheduleNameValues } from '../schemas'

/**
 * Guided action 'Criar Programação' (/action/create-schedule): names and creates a schedule,
 * then offers adding media or linking TVs to it (spec 2 §7, POST /schedule/{franchise}).
 */
export function CreateScheduleActionPage() {
  const { franchise } = useSession()
  const create = useCreateSchedule()
  const [created, setCreated] = React.useState<{ id: string; name: string } | null>(null)
  const form = useForm<ScheduleNameValues>({ resolver: zodResolver(scheduleNameSchema), defaultValues: { name: '' } })

  const onSubmit = form.handleSubmit(({ name }) => {
    if (!franchise) return
    create.mutate(
      { franchise: franchise.slug, name },
      {
        onSuccess: ({ schedule }) => {
          toast({ title: 'Programação criada' })
          setCreated({ id: schedule.id, name: schedule.name })
        },
      },
    )
  })

  if (created) {
    const path = `/schedule/${encodeURIComponent(created.id)}`
    return (
      <div className="grid max-w-xl grid-cols-1 gap-6">
        <PageHeader title="Criar Programação" />
        <Card>
          <CardHeader>
            <CardTitle>Programação {created.name} criada</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="text-muted-foreground">O que deseja fazer agora?</p>
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <Link to={`${path}/media`}>
                  <ListPlus /> Adicionar Mídia à Programação
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={`${path}?action=displays`}>
                  <Tv /> Vincular televisores
                </Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
    )
  }

  return (
    <div className="grid max-w-xl grid-cols-1 gap-6">
      <PageHeader title="Criar Programação" description="Dê um nome à programação; depois adicione mídias e vincule televisores." />
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <FormField id="create-schedule-name" label="Nome da programação" error={form.formState.errors.name?.message}>
              <Input autoComplete="off" {...form.register('name')} />
            </FormField>
            {!franchise && <p className="text-sm text-destructive">Você precisa selecionar um grupo para continuar.</p>}
            <Button type="submit" className="justify-self-end" disabled={create.isPending || !franchise}>
              {create.isPending && <Loader2 className="animate-spin" />} Criar
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  )
}
