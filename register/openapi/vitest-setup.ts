import { afterEach } from 'vitest'
import { takeViolations } from './conformance.ts'

// Fails the test whose register answers did not match the OpenAPI document (ADR 190).
afterEach(() => {
  const violations = takeViolations()
  if (violations.length > 0) {
    throw new Error(`The register answered outside its OpenAPI document:\n${violations.join('\n')}`)
  }
})
