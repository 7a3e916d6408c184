import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  future: {
    // The i18n middleware (app/lib/i18n.server.ts) and remix-toast use route middleware.
    v8_middleware: true,
  },
} satisfies Config
