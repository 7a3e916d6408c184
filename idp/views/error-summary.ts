import { html, type SafeHtml } from './html.ts'

export interface SummaryEntry {
  /** The field's id: the entry links to it. */
  field: string
  /** The field's label, as the form shows it. */
  label: string
  text: string
}

/**
 * The IdP pages' error summary (GOV.UK pattern, ADR 801): "Label: message" per field in form order,
 * linking to the field. The pages have no script, so `autofocus` moves the focus to it, and taking the
 * focus is how a screen reader hears it, as with the portal's summary: no `role="alert"` besides, which
 * would have it read twice.
 */
export function errorSummary(
  title: string,
  entries: readonly SummaryEntry[],
  entryText: (entry: SummaryEntry) => string,
): SafeHtml | false {
  return (
    entries.length > 0 &&
    html`<div class="error-summary" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
      <h2 id="error-summary-title">${title}</h2>
      <ul>
        ${entries.map((e) => html`<li><a href="#${e.field}">${entryText(e)}</a></li>`)}
      </ul>
    </div>`
  )
}
