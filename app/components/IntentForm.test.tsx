import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { IntentForm, type IntentFormProps } from './IntentForm.tsx'

/** Server-rendered inside a router (React Router's Form needs one), as on a page without JavaScript. */
function render(props: IntentFormProps): string {
  const Stub = createRoutesStub([{ path: '*', Component: () => <IntentForm {...props} /> }])
  return renderToString(<Stub initialEntries={['/svn/7']} />)
}

/** The attributes of the first `<name …>` tag, in any order. */
function tag(html: string, name: string): string[] {
  return html.match(new RegExp(`<${name}( [^>]*)>`))?.[1]?.match(/[\w-]+="[^"]*"/g) ?? []
}

const base = {
  action: '/svn/7?back=%2Fsvn',
  csrf: 'tok',
  intent: 'create-ae',
  label: 'Ausweisentzug beantragen',
}

describe('IntentForm', () => {
  it('posts the intent with the token to its action, by one submit button', () => {
    const html = render({ ...base, buttonClassName: 'btn btn-primary' })
    expect(tag(html, 'form')).toEqual(
      expect.arrayContaining(['action="/svn/7?back=%2Fsvn"', 'method="post"']),
    )
    expect(html).toContain('<input type="hidden" name="csrf" value="tok"/>')
    expect(tag(html, 'button')).toEqual(
      expect.arrayContaining([
        'type="submit"',
        'name="intent"',
        'value="create-ae"',
        'class="btn btn-primary"',
      ]),
    )
    expect(html).toMatch(/>Ausweisentzug beantragen<\/button><\/form>$/)
    expect(tag(html, 'form').some((attribute) => attribute.startsWith('class='))).toBe(false)
    // The first step of an action: not yet confirmed.
    expect(html).not.toContain('name="confirmed"')
  })

  it('as a confirmation, also posts confirmed=yes and shows the way back beside the button', () => {
    const html = render({
      ...base,
      intent: 'cancel-svn',
      confirmed: true,
      buttonClassName: 'btn',
      className: 'flex gap-3',
      children: <a href="/svn/7">Nein</a>,
    })
    expect(tag(html, 'form')).toEqual(expect.arrayContaining(['class="flex gap-3"', 'method="post"']))
    expect(html).toContain('<input type="hidden" name="confirmed" value="yes"/>')
    expect(html).toMatch(
      /value="cancel-svn"[^>]*>Ausweisentzug beantragen<\/button><a href="\/svn\/7">Nein<\/a><\/form>/,
    )
  })
})
