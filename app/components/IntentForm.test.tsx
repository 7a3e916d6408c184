import { describe, expect, it } from 'vitest'
import { renderInRouter, tags } from '../../tests/render-in-router.tsx'
import { IntentForm, type IntentFormProps } from './IntentForm.tsx'

/** As on a page without JavaScript. */
const render = (props: IntentFormProps) => renderInRouter(<IntentForm {...props} />, { path: '/svn/7' })

const base = {
  action: '/svn/7?back=%2Fsvn',
  csrf: 'tok',
  intent: 'create-ae',
  label: 'Ausweisentzug beantragen',
}

describe('IntentForm', () => {
  it('posts the intent with the token to its action, by one submit button', () => {
    const html = render({ ...base, buttonClassName: 'btn btn-primary' })
    expect(tags(html, 'form', 'action="/svn/7?back=%2Fsvn"', 'method="post"')).toHaveLength(1)
    expect(tags(html, 'form', 'class=')).toHaveLength(0)
    expect(tags(html, 'input', 'type="hidden"', 'name="csrf"', 'value="tok"')).toHaveLength(1)
    expect(
      tags(html, 'button', 'type="submit"', 'name="intent"', 'value="create-ae"', 'class="btn btn-primary"'),
    ).toHaveLength(1)
    expect(html).toContain('>Ausweisentzug beantragen</button></form>')
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
    expect(tags(html, 'form', 'class="flex gap-3"', 'method="post"')).toHaveLength(1)
    expect(tags(html, 'input', 'type="hidden"', 'name="confirmed"', 'value="yes"')).toHaveLength(1)
    expect(tags(html, 'button', 'value="cancel-svn"')).toHaveLength(1)
    expect(html).toContain('>Ausweisentzug beantragen</button><a href="/svn/7">Nein</a></form>')
  })
})
