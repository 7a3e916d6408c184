import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  future: {
    // remix-i18next and remix-toast use route middleware.
    v8_middleware: true,
  },
} satisfies Config
