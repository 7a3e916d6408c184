import type { ReactNode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { describe, expect, it } from 'vitest'
import { onDemandDialog } from './on-demand.tsx'

/** The finished HTML, after every lazy component has arrived (or failed). */
async function html(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node)
  let text = ''
  for await (const chunk of prelude) text += String(chunk)
  return text
}

describe('onDemandDialog', () => {
  it('renders nothing and fetches nothing while closed (so never in the server HTML)', async () => {
    let fetched = 0
    const Greeting = onDemandDialog(async () => {
      fetched++
      return ({ name }: { open: boolean; name: string }) => <p>Hallo {name}</p>
    })
    expect(await html(<Greeting open={false} name="Anna" />)).toBe('')
    expect(fetched).toBe(0)
  })

  it('renders the fetched dialog with its props once open', async () => {
    const Greeting = onDemandDialog(async () => ({ name }: { open: boolean; name: string }) => (
      <p>Hallo {name}</p>
    ))
    expect(await html(<Greeting open name="Anna" />)).toContain('<p>Hallo <!-- -->Anna</p>')
  })

  it('renders nothing, rather than throwing to the error boundary, when the fetch fails', async () => {
    const Broken = onDemandDialog<{ open: boolean }>(() => Promise.reject(new TypeError('Failed to fetch')))
    const page = await html(
      <div>
        <Broken open />
        <p>Seite</p>
      </div>,
    )
    expect(page).toContain('<p>Seite</p>')
  })
})
