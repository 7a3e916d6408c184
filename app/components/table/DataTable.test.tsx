import { describe, expect, it } from 'vitest'
import fr from '../../locales/fr.json' with { type: 'json' }
import { serverTexts } from '../../lib/texts.tsx'
import { flatten } from '../../lib/translate.ts'
import { renderInRouter, tags } from '../../../tests/render-in-router.tsx'
import { DataTable } from './DataTable.tsx'

const table = (
  <DataTable
    caption="SVN"
    columns={[
      { key: 'status', label: 'Status' },
      { key: 'name', label: 'Halter' },
    ]}
    rows={[{ key: 1, cells: { status: 'offen', name: 'Muster' } }]}
  />
)

describe('DataTable (server-rendered)', () => {
  it('labels each cell for the narrow layout with the colon as the language writes it', () => {
    // German "Status:"; French puts a no-break space before the colon ("Statut :").
    expect(tags(renderInRouter(table), 'td', 'data-label="Status:"')).toHaveLength(1)
    const french = serverTexts('fr', flatten(fr))
    expect(tags(renderInRouter(table, { texts: french }), 'td', 'data-label="Halter\u00a0:"')).toHaveLength(1)
  })
})
