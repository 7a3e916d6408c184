import { Suspense, type ReactNode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { describe, expect, it } from 'vitest'
import { onDemand } from './on-demand.ts'

/** The finished HTML, after every lazy component has arrived (or failed). */
async function html(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node)
  let text = ''
  for await (const chunk of prelude) text += String(chunk)
  return text
}

describe('onDemand', () => {
  it('renders the component once it has arrived, with its props', async () => {
    const Greeting = onDemand(async () => ({ name }: { name: string }) => <p>Hallo {name}</p>)
    expect(
      await html(
        <Suspense fallback={<p>…</p>}>
          <Greeting name="Anna" />
        </Suspense>,
      ),
    ).toContain('<p>Hallo <!-- -->Anna</p>')
  })

  it('renders nothing, rather than throwing to the error boundary, when the fetch fails', async () => {
    const Broken = onDemand<object>(() => Promise.reject(new TypeError('Failed to fetch')))
    const page = await html(
      <div>
        <Suspense fallback={<p>…</p>}>
          <Broken />
        </Suspense>
        <p>Seite</p>
      </div>,
    )
    expect(page).toContain('<p>Seite</p>')
    expect(page).not.toContain('…')
  })
})
