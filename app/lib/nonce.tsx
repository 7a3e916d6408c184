import { createContext, useContext } from 'react'

/** The CSP nonce of this response; empty in the browser, where it is not needed any more. */
const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
