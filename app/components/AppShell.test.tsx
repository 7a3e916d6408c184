import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import de from '../locales/de.json' with { type: 'json' }
import { renderInRouter, tags } from '../../tests/render-in-router.tsx'
import { AppShell, type AppShellProps } from './AppShell.tsx'
import { ErrorPage, RouteErrorPage } from './ErrorPage.tsx'
import { LogoutView } from './LogoutView.tsx'

/** Server-renders a node as the real document would be. */
const render = (node: ReactNode, path = '/') => renderInRouter(node, { path })

const base: Omit<AppShellProps, 'children'> = {
  user: { vorname: 'Anna', nachname: 'Muster' },
  roles: ['SVN_SUCHEN', 'SVN_ERSTELLEN', 'SVN_NICHT_EINGELOEST', 'ADMIN'],
  insurer: { name: 'Alpina Versicherungen', logoUrl: '/insurer-logo/3' },
  version: '5.1.5',
  lng: 'de',
  pathname: '/svn/123',
  returnTo: '/svn/123?x=1',
  csrf: 'tok',
  navOpen: null,
  counts: { svn: 3 },
  toast: null,
}

function shell(props: Partial<AppShellProps> = {}): string {
  return render(
    <AppShell {...base} {...props}>
      <h1>Inhalt</h1>
    </AppShell>,
  )
}

describe('AppShell (server-rendered, no JavaScript)', () => {
  it('starts with the skip link and has header, labelled nav and focusable main', () => {
    const html = shell()
    expect(html.indexOf('href="#main"')).toBeLessThan(html.indexOf('<a', html.indexOf('href="#main"') + 1))
    expect(html.indexOf('<a')).toBe(html.indexOf('<a href="#main"'))
    expect(html).toContain('<header')
    expect(html).toContain('<nav aria-label="Hauptnavigation"')
    expect(html).toMatch(/<main id="main" tabindex="-1"/)
    expect(html).toContain('Version 5.1.5')
    expect(html).toContain('alt="Alpina Versicherungen"')
  })

  it('shows the user menu as a disclosure with language and logout forms', () => {
    const html = shell()
    expect(html).toMatch(/<details[^>]*><summary[^>]*>.*Anna Muster/)
    expect(html).toContain('action="/language"')
    expect(html).toContain('name="returnTo" value="/svn/123?x=1"')
    expect(tags(html, 'button', 'name="lng"', 'value="fr"', 'lang="fr"')).toHaveLength(1)
    expect(tags(html, 'button', 'name="lng"', 'value="fr"', 'aria-current')).toHaveLength(0)
    expect(tags(html, 'button', 'name="lng"', 'value="de"', 'lang="de"', 'aria-current="true"')).toHaveLength(
      1,
    )
    expect(html).toContain('action="/logout"')
    expect(html).toContain('Abmelden')
  })

  it('selects search on an SVN detail page and badges the untreated count', () => {
    const html = shell()
    expect(tags(html, 'a', 'href="/svn/search"', 'aria-current="page"')).toHaveLength(1)
    expect(html.match(/aria-current="page"/g)).toHaveLength(1)
    expect(html).toContain(', nicht heruntergeladene Dateien: 3')
    expect(html).toContain('href="/svn/create"')
    expect(html).not.toContain('href="/svn/iv-av-retrieve"')
    expect(html).not.toContain('href="/group/administration"')
  })

  it('renders both toggle states for CSS when no preference is stored', () => {
    const html = shell()
    const open = ['name="open"', 'aria-controls="side-nav-list"']
    expect(
      tags(html, 'button', ...open, 'value="false"', 'aria-expanded="true"', 'max-wide:hidden'),
    ).toHaveLength(1)
    expect(
      tags(html, 'button', ...open, 'value="true"', 'aria-expanded="false"', 'wide:hidden'),
    ).toHaveLength(1)
    expect(html).toContain('action="/nav"')
  })

  it('renders one toggle and a hidden list when the stored preference is closed', () => {
    const html = shell({ navOpen: false })
    expect(html.match(/name="open"/g)).toHaveLength(1)
    expect(tags(html, 'button', 'value="true"', 'aria-expanded="false"')).toHaveLength(1)
    expect(html).toMatch(/<ul id="side-nav-list" hidden=""/)
  })

  it('renders a flash message server-side in the matching live region', () => {
    const error = shell({ toast: { type: 'error', message: 'errors.conflict' } })
    expect(error).toMatch(
      /role="alert" aria-live="assertive"><p><span class="sr-only">Fehler: <\/span>Dieser Datensatz/,
    )
    const ok = shell({ toast: { type: 'success', message: 'app.version', values: { version: '9' } } })
    expect(ok).toMatch(/role="status" aria-live="polite"><p>Version 9<\/p>/)
    const none = shell()
    expect(none).toContain('role="status"')
    expect(none).toContain('role="alert"')
  })

  it('shows only the language picker in the header when logged out', () => {
    const html = shell({ user: null, roles: [], insurer: null })
    expect(html).not.toContain('<nav')
    expect(html).not.toContain('action="/logout"')
    expect(html).toContain('action="/language"')
    expect(html).toMatch(/<main id="main"/)
  })
})

describe('ErrorPage and LogoutView', () => {
  it('offers the login link only to visitors who are not logged in', () => {
    expect(render(<ErrorPage kind="not-found" loggedIn={false} />)).toContain('href="/login"')
    const html = render(<ErrorPage kind="not-found" loggedIn />)
    expect(html).not.toContain('href="/login"')
    expect(html).toContain('<h1')
    expect(html).toContain('Seite nicht gefunden')
  })

  it('shows a thrown response as its kind of error page, with its title and message', () => {
    /** What React Router hands a boundary for a thrown Response (isRouteErrorResponse accepts it). */
    const thrown = (status: number, data: unknown) => ({ status, statusText: '', internal: false, data })
    // A form refused by the anti-forgery check: back to its page, logged in or not, never the login link.
    for (const loggedIn of [true, false]) {
      const refused = render(
        <RouteErrorPage error={thrown(403, { back: '/svn/create?x=1' })} loggedIn={loggedIn} />,
      )
      expect(refused).toContain(`<title>${de.pages.refused.title} – SVN Portal</title>`)
      expect(refused).toContain(de.pages.refused.text)
      expect(refused).toContain(
        `<a href="/svn/create?x=1" class="btn btn-primary">${de.pages.refused.link}</a>`,
      )
      expect(refused).not.toContain('href="/login"')
    }
    // Any other 403 is no refused form.
    const denied = render(<RouteErrorPage error={thrown(403, 'Forbidden')} loggedIn={false} />)
    expect(denied).toContain('<title>Zugriff verweigert – SVN Portal</title>')
    expect(denied).toContain('href="/login"')
    const tooLarge = render(<RouteErrorPage error={thrown(413, 'Zu gross.')} loggedIn />)
    expect(tooLarge).toContain('<title>Fehler – SVN Portal</title>')
    expect(tooLarge).toContain('<p>Zu gross.</p>')
    const gone = render(<RouteErrorPage error={thrown(404, 'Not Found')} loggedIn />)
    expect(gone).toContain('<title>Seite nicht gefunden – SVN Portal</title>')
    const down = render(<RouteErrorPage error={thrown(503, { unavailable: 'login' })} loggedIn={false} />)
    expect(down).toContain(`<title>${de.pages.loginUnavailable.title} – SVN Portal</title>`)
    expect(down).not.toContain('href="/login"')
  })

  it('shows an unexpected error as the general error page, with the login link only when logged out', () => {
    const error = new Error('boom')
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(render(<RouteErrorPage error={error} loggedIn={false} />)).toContain('href="/login"')
    const html = render(<RouteErrorPage error={error} loggedIn />)
    // On the server handleError logged it already; only the browser's boundary logs it (once).
    expect(quiet).not.toHaveBeenCalled()
    vi.stubGlobal('document', {})
    try {
      render(<RouteErrorPage error={error} loggedIn />)
    } finally {
      vi.unstubAllGlobals()
    }
    expect(quiet).toHaveBeenCalledExactlyOnceWith(error)
    quiet.mockRestore()
    expect(html).toContain('<title>Fehler – SVN Portal</title>')
    expect(html).not.toContain('href="/login"')
    expect(html).not.toContain('boom')
  })

  it('shows the logout confirmation and a way back in', () => {
    const html = render(<LogoutView />)
    expect(html).toContain('Abmeldung')
    expect(html).toContain('Sie wurden erfolgreich abgemeldet.')
    expect(html).toContain('href="/login"')
  })
})
