import { describe, expect, it } from 'vitest'
import { errorPage } from './messages.ts'

describe('errorPage', () => {
  it('names the error code with the catalogue’s colon, in French with a no-break space (ADR 824)', () => {
    const page = (lang: 'de' | 'fr') =>
      errorPage({ lang, cssHref: '/oidc/styles.css' }, { code: 'invalid_request' })
    expect(page('de')).toContain('<p class="error-code">Fehlercode: <code>invalid_request</code></p>')
    expect(page('fr')).toContain(
      '<p class="error-code">Code d’erreur\u00a0: <code>invalid_request</code></p>',
    )
  })
})
