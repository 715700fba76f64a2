import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { EntryDateBadge } from './entry-badge'

const TZ = 'America/Sao_Paulo'
const now = Date.parse('2026-11-25T12:00:00-03:00')
const testEntry = (id: string, extra: { dok: number }) => ({ id, name: id, displayTime: 10, enabled: true, timeGap: [], type: 'image' as const, ...extra })

describe('EntryDateBadge', () => {
  afterEach(cleanup)

  it('an entry with no weekday (older data) says it plays on no day instead of looking current', () => {
    render(<EntryDateBadge entry={testEntry('a', { dok: 0 })} now={now} timeZone={TZ} />)
    expect(screen.getByText('Nenhum dia')).toHaveAttribute('data-status', 'never')
    expect(screen.queryByText('SEMPRE')).toBeNull()
  })

  it('an entry with weekdays keeps its date badge', () => {
    render(<EntryDateBadge entry={testEntry('a', { dok: 2 })} now={now} timeZone={TZ} />)
    expect(screen.getByText('SEMPRE')).toHaveAttribute('data-status', 'current')
  })
})
