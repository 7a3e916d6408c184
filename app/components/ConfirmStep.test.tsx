import { describe, expect, it } from 'vitest'
import { renderInRouter, tags } from '../../tests/render-in-router.tsx'
import { ConfirmStep } from './ConfirmStep.tsx'

describe('ConfirmStep', () => {
  it('asks as the page heading; OK posts the intent confirmed, the way back changes nothing', () => {
    const html = renderInRouter(
      <ConfirmStep
        title="SVN 7 stornieren?"
        text="Die SVN wird storniert."
        intent="cancel-svn"
        confirmLabel="Stornieren"
        cancelLabel="Nicht stornieren"
        cancelHref="/svn/7?back=%2Fsvn"
        action="/svn/7"
        csrf="tok"
      />,
      { path: '/svn/7' },
    )
    expect(html).toMatch(/<h1 id="confirm-step-title"[^>]*>SVN 7 stornieren\?<\/h1>/)
    expect(tags(html, 'form', 'action="/svn/7"', 'method="post"')).toHaveLength(1)
    expect(tags(html, 'input', 'name="csrf"', 'value="tok"')).toHaveLength(1)
    expect(tags(html, 'input', 'name="confirmed"', 'value="yes"')).toHaveLength(1)
    // The OK is the one submit, the danger button (white on dark red); the way back is a link.
    expect(tags(html, 'button')).toHaveLength(1)
    expect(tags(html, 'button', 'type="submit"', 'value="cancel-svn"', 'bg-error-700')).toHaveLength(1)
    expect(html).toContain('>Stornieren</button>')
    expect(tags(html, 'a', 'href="/svn/7?back=%2Fsvn"')).toHaveLength(1)
    expect(html).toMatch(/>Nicht stornieren<\/a><\/form>/)
  })
})
