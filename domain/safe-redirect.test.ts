import { describe, expect, it } from 'vitest'
import { safeRedirectOrHome, safeRedirectTarget } from './safe-redirect.ts'

describe('safeRedirectTarget', () => {
  it.each([
    ['/', '/'],
    ['/svn/search', '/svn/search'],
    ['/svn/42?x=1#top', '/svn/42?x=1#top'],
    ['/user/administration/new', '/user/administration/new'],
    ['/svn/search?name=M%C3%BCller&sort=sVnId', '/svn/search?name=M%C3%BCller&sort=sVnId'],
    // Slashes and backslashes in the query or fragment are data, not a host.
    ['/svn/search?back=//evil.example', '/svn/search?back=//evil.example'],
    ['/svn/search?q=a%2Fb%5Cc', '/svn/search?q=a%2Fb%5Cc'],
    ['/svn/search#//evil.example', '/svn/search#//evil.example'],
    ['/svn/search?q=Müller', '/svn/search?q=M%C3%BCller'],
    ['/files/xml/a.b.xml', '/files/xml/a.b.xml'],
  ])('keeps %j as %j', (target, expected) => {
    expect(safeRedirectTarget(target)).toBe(expected)
  })

  it.each([
    // absolute and scheme URLs
    'https://evil.example/',
    'http://evil.example',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:a@evil.example',
    'evil.example',
    'svn/search',
    './svn/search',
    '../svn/search',
    '?x=1',
    '#top',
    // protocol-relative and backslash forms
    '//evil.example',
    '//evil.example/x',
    '///evil.example',
    '////evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/\\/evil.example',
    '/x\\..\\..\\/evil.example',
    // dot segments that normalise to //host
    '/..//evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '/a/b/../..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E//evil.example',
    '/.%2e/evil.example',
    '/svn/../logout',
    // percent-encoded slashes, backslashes and controls
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%2F/evil.example',
    '/%2fevil.example/..%2f%2fx',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%5C%5Cevil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%0d%0aLocation:%20https://evil.example',
    '/%00/evil.example',
    '/%E0%A4%A',
    '/%',
    // whitespace and controls inside (browsers drop tabs and newlines)
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/ /evil.example',
    '/\u00a0/evil.example',
    '/\u2028/evil.example',
    '/\u0000evil',
    '/a\nb',
    ' /svn/search',
    '\t//evil.example',
    // logout: a login or a switch must not end there
    '/logout',
    '/logout/',
    '/x/logout',
    '/LOGOUT',
    // not strings, empty, too long
    '',
    null,
    undefined,
    42,
    ['/svn/search'],
    { toString: () => '/svn/search' },
    `/${'a'.repeat(2048)}`,
  ])('refuses %j', (target) => {
    expect(safeRedirectTarget(target)).toBeNull()
    expect(safeRedirectOrHome(target)).toBe('/')
  })
})
