import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { MultiSelect } from '@/components/ui/multi-select'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import type { TeamRole } from '../api/types'
import { roleLabels } from '../schemas'

/** The role select with what the chosen role means under it ('Equipe', 'Login único'). */
export function RoleSelect(props: {
  id: string
  label: string
  roles: readonly TeamRole[]
  value: TeamRole
  onChange: (role: TeamRole) => void
  description: string
}) {
  const { id, label, roles, value, onChange, description } = props
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(v) => onChange(v as TeamRole)}>
        <SelectTrigger id={id} className="w-full" aria-describedby={`${id}-description`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {roles.map((r) => (
            <SelectItem key={r} value={r}>
              {roleLabels[r]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${id}-description`} className="text-sm text-muted-foreground">
        {description}
      </p>
    </div>
  )
}

/** The group's stores a franchisee or a store manager covers. */
export function StoresSelect(props: {
  id: string
  label: string
  options: { value: string; label: string }[]
  value: string[]
  onChange: (stores: string[]) => void
  error?: string
  placeholder: string
}) {
  const { id, label, options, value, onChange, error, placeholder } = props
  return (
    <FormField id={id} label={label} error={error}>
      <MultiSelect
        options={options}
        value={value}
        onChange={onChange}
        placeholder={options.length ? placeholder : 'O grupo não tem lojas'}
        disabled={!options.length}
      />
    </FormField>
  )
}
