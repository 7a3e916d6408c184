import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

export default [
  index('routes/index.tsx'),
  route('landing', 'routes/landing.tsx'),
  route('idp/:provider', 'routes/idp.$provider.tsx'),
  route('login', 'routes/login.tsx'),
  route('auth/callback', 'routes/auth.callback.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('language', 'routes/language.tsx'),
  route('nav', 'routes/nav.tsx'),
  route('no-permission', 'routes/no-permission.tsx'),
  route('error', 'routes/error.tsx'),
  route('accessdenied', 'routes/accessdenied.tsx'),
  route('refused', 'routes/refused.tsx'),
  route('404', 'routes/404.tsx'),
  route('insurer-logo/:version', 'routes/insurer-logo.$version.ts'),
  route('token-info', 'routes/token-info.tsx'),
  route('settings/shortcuts', 'routes/settings.shortcuts.tsx'),
  route('files/:type/:fileName', 'routes/files.$type.$fileName.ts'),

  // Every screen below checks the route table's authorities (domain/access.ts) for loaders and actions.
  layout('routes/_guarded.tsx', [
    route('svn/search', 'routes/svn.search.tsx'),
    route('svn/create', 'routes/svn.create.tsx'),
    route('svn/import', 'routes/svn.import.tsx'),
    route('svn/import/vorlage', 'routes/svn.import.vorlage.ts'),
    route('svn/import/error', 'routes/svn.import.error.ts'),
    route('svn/import/upload', 'routes/svn.import.upload.ts'),
    route('svn/untreated', 'routes/svn.untreated.tsx'),
    route('svn/iv-av-retrieve', 'routes/svn.iv-av-retrieve.tsx'),
    route('svn/:svnId', 'routes/svn.$svnId.tsx'),
    route('ae/rejected', 'routes/ae.rejected.tsx'),
    route('user/administration', 'routes/user.administration.tsx', [
      route('new', 'routes/user.administration.new.tsx'),
      route(':userId', 'routes/user.administration.$userId.tsx'),
    ]),
    route('user/migrate/:gsCode', 'routes/user.migrate.$gsCode.tsx'),
    route('group/administration', 'routes/group.administration.tsx'),
    route('api-clients', 'routes/api-clients.tsx'),
    route('logo', 'routes/logo.tsx'),
    route('logo/upload', 'routes/logo.upload.ts'),
  ]),

  route('*', 'routes/$.tsx'),
] satisfies RouteConfig
