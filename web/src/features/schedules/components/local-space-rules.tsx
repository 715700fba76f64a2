import { EntryRulesFields } from '@/components/media-entries/entry-rules-fields'
import type { UseFormReturn } from 'react-hook-form'
import type { LocalSpaceInput, LocalSpaceValues } from '../local-space'

/** The rules every entry has, as the add-media form offers them, framed as the dialog's 'Regras de exibição'. */
export function LocalSpaceRules({ form }: { form: UseFormReturn<LocalSpaceInput, unknown, LocalSpaceValues> }) {
  return (
    <fieldset className="grid gap-5 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">Regras de exibição</legend>
      <EntryRulesFields form={form} idPrefix="local" />
    </fieldset>
  )
}
