import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ConfirmStep } from './ConfirmStep.tsx'

describe('ConfirmStep', () => {
  it('asks as the page heading; OK posts the intent confirmed, the way back changes nothing', () => {
    const Stub = createRoutesStub([
      {
        path: '*',
        Component: () => (
          <ConfirmStep
            title="SVN 7 stornieren?"
            text="Die SVN wird storniert."
            intent="cancel-svn"
            confirmLabel="Stornieren"
            cancelLabel="Nicht stornieren"
            cancelHref="/svn/7"
            action="/svn/7"
            csrf="tok"
          />
        ),
      },
    ])
    const html = renderToString(<Stub initialEntries={['/svn/7']} />)
    expect(html).toMatch(/<h1 id="confirm-step-title"[^>]*>SVN 7 stornieren\?<\/h1>/)
    expect(html).toContain('<input type="hidden" name="csrf" value="tok"/>')
    expect(html).toContain('<input type="hidden" name="confirmed" value="yes"/>')
    // The OK is the danger button (white on dark red); the way back is a link, not a second submit.
    expect(html).toMatch(
      /<button type="submit"[^>]*value="cancel-svn"[^>]*bg-error-700[^>]*>Stornieren<\/button>/,
    )
    expect(html).toMatch(/<a [^>]*href="\/svn\/7"[^>]*>Nicht stornieren<\/a><\/form>/)
    expect(html.match(/<button/g)).toHaveLength(1)
  })
})
