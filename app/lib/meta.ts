/** `<title>`: the page's own title first, then the product (WCAG 2.4.2). */
export function titleMeta(title: string | undefined, product = 'SVN Portal') {
  return [{ title: title ? `${title} – ${product}` : product }]
}
