export interface Budget {
  name: string
  goal: string
  measured: string
  met: boolean
  note?: string
}
export interface BenchSection {
  id: string
  title: string
  markdown: string
  budgets: Budget[]
}
export interface BenchContext {
  /** Bulk SVN seeded in pgUrl. */
  records: number
  /** PostgreSQL database with migrations, demo data (IdP accounts, password 'demo') and `records` SVN. */
  pgUrl: string
  /** The server's admin URL (TEST_DATABASE_URL) for creating more scratch databases. */
  adminUrl: string
  log(message: string): void
  /** --reuse: modules may keep their own seeded copies between runs. */
  reuse: boolean
}
export type BenchModule = (ctx: BenchContext) => Promise<BenchSection[]>
