export * from './register.ts'
export * from './portal.ts'
export * from './idp.ts'
export * from './svn.ts'
