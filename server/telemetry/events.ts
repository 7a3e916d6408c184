import type { LogFields, LogLevel } from '../../domain/log.ts'
import { telemetryInstruments } from './metrics.ts'

/**
 * Business metrics taken from the structured log events the parts already write (ADR 950): the IdP,
 * the portal and the register stay free of any metrics code, and a figure and its log line cannot
 * disagree. Labels are the events' short, bounded reasons and types only (no user, no login).
 */
export function metricsFromEvents(
  _level: Exclude<LogLevel, 'silent'>,
  event: string,
  fields: LogFields,
): void {
  switch (event) {
    case 'login.success':
      telemetryInstruments().logins.add(1, { side: String(fields.side ?? 'unknown') })
      return
    case 'login.failure':
      telemetryInstruments().loginFailures.add(1, {
        side: String(fields.side ?? 'unknown'),
        reason: String(fields.reason ?? 'unknown'),
      })
      return
    case 'login.locked':
      telemetryInstruments().lockouts.add(1)
      return
    case 'file.generated': {
      const { generationDuration, generationRecords } = telemetryInstruments()
      const attributes = { type: String(fields.type), format: String(fields.format) }
      generationDuration.record(Number(fields.durationMs) / 1000, attributes)
      generationRecords.record(Number(fields.records), attributes)
      return
    }
    case 'svn.imported': {
      const { importDuration, importRows } = telemetryInstruments()
      importDuration.record(Number(fields.durationMs) / 1000)
      importRows.add(Number(fields.imported), { outcome: 'imported' })
      importRows.add(Number(fields.failed), { outcome: 'failed' })
      return
    }
  }
}
