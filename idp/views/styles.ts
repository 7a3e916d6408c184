import { createHash } from 'node:crypto'

// Served by the IdP router itself (no other origin, no inline styles: CSP style-src 'self').
// System fonts only; colours meet WCAG AA; layout works down to 320 px.
export const loginCss = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:100%;line-height:1.5;color:#1a1a1a;background:#f3f4f6;-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
.skip-link{position:absolute;left:-9999px;top:0;padding:.5rem 1rem;background:#ffdd00;color:#0b0c0c;font-weight:700;z-index:10}
.skip-link:focus{left:0}
header{background:#1d3557;color:#fff;padding:.75rem 1rem}
header .brand{font-weight:700;font-size:1.125rem;margin:0}
main{flex:1;width:100%;max-width:28rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #6b7280;border-radius:.375rem;padding:1.5rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}
h2{font-size:1.25rem;margin:0 0 .5rem}
p{margin:0 0 1rem}
.field{margin:0 0 1.25rem}
label{display:block;font-weight:700;margin:0 0 .25rem}
input[type=text],input[type=email],input[type=password]{display:block;width:100%;min-height:2.75rem;padding:.5rem;font:inherit;color:#1a1a1a;background:#fff;border:2px solid #374151;border-radius:.25rem}
.field--error input{border-color:#b91c1c;border-width:3px}
.field-error{display:block;color:#b91c1c;font-weight:700;margin:0 0 .25rem}
.visually-hidden{position:absolute!important;width:1px!important;height:1px!important;margin:-1px!important;padding:0!important;overflow:hidden!important;clip:rect(0 0 0 0)!important;white-space:nowrap!important;border:0!important}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:center}
button,.button{display:inline-block;min-height:2.75rem;padding:.5rem 1.25rem;font:inherit;font-weight:700;color:#fff;background:#1d4ed8;border:2px solid #1d4ed8;border-radius:.25rem;cursor:pointer;text-decoration:none}
button:hover,.button:hover{background:#1e40af;border-color:#1e40af}
button.secondary{color:#1d4ed8;background:#fff}
a{color:#1d4ed8;text-decoration:underline}
a:hover{color:#1e3a8a}
:focus-visible{outline:3px solid #ffbf47;outline-offset:2px;box-shadow:0 0 0 5px #0b0c0c}
input:focus-visible{outline:3px solid #ffbf47;outline-offset:0;box-shadow:inset 0 0 0 2px #0b0c0c}
.error-summary{border:4px solid #b91c1c;padding:1rem;margin:0 0 1.5rem;background:#fff}
.error-summary:focus{outline:3px solid #ffbf47;outline-offset:2px}
.error-summary ul{margin:0;padding:0 0 0 1.25rem}
.error-summary a{color:#b91c1c;font-weight:700}
.notice{border-left:6px solid #1d4ed8;padding:.5rem 1rem;margin:0 0 1rem;background:#eff6ff}
.error-code{color:#374151;font-size:.875rem;overflow-wrap:anywhere}
@media (forced-colors:active){.error-summary,.card{border-color:CanvasText}}
`

/** Content hash for the cache-busting URL and the ETag. */
export const loginCssVersion = createHash('sha256').update(loginCss).digest('base64url').slice(0, 12)
