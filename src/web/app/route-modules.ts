/**
 * The route table as plain data: which module (a path relative to src/web) renders each URL. The router turns every
 * entry into a lazy route, and `npm run size` reads the same table to measure what each route loads first, so it
 * must stay importable from Node (no JSX, no Vite-only syntax).
 *
 * A route module exports `Component` (and optionally `ErrorBoundary`); its file name ends in `-page.tsx` under
 * features/, or `-layout.tsx` or `-page.tsx` under app/ (pages composed of several features), which is where the
 * router looks for them.
 */
export interface RouteEntry {
  readonly path?: string;
  readonly index?: true;
  readonly module: `features/${string}-page.tsx` | `app/${string}-layout.tsx` | `app/${string}-page.tsx`;
  readonly children?: readonly RouteEntry[];
  /**
   * A page's lazy tabs by their `?tab=` value, the first for none or an unknown one, as the page loads them: the
   * server names the open tab's scripts with the page's own (decision 077).
   */
  readonly tabs?: readonly { readonly id: string; readonly module: `features/${string}-tab.tsx` }[];
}

export const routeTable: readonly RouteEntry[] = [
  { path: '/', module: 'features/site/landing-page.tsx' },
  { path: '/auth', module: 'features/auth/auth-page.tsx' },
  { path: '/forgot-password', module: 'features/auth/forgot-password-page.tsx' },
  { path: '/reset-password', module: 'features/auth/reset-password-page.tsx' },
  { path: '/about', module: 'features/site/about-page.tsx' },
  { path: '/contact', module: 'features/site/contact-page.tsx' },
  { path: '/privacy-policy', module: 'features/site/privacy-page.tsx' },
  {
    // No path: provides the TanStack Query cache to the pages below, and only to them.
    module: 'app/data-layout.tsx',
    children: [
      {
        // Signed-in only: the layout holds the login guard and the sidebar shell.
        path: '/app',
        module: 'app/app-layout.tsx',
        children: [
          { index: true, module: 'features/groups/groups-page.tsx' },
          { path: 'create-group', module: 'features/groups/create-group-page.tsx' },
          { path: 'import-group', module: 'app/import-group-page.tsx' },
          { path: 'join', module: 'features/invites/join-page.tsx' },
          { path: 'add-expense', module: 'features/expenses/add-expense-page.tsx' },
          {
            path: 'group/:groupId',
            module: 'app/group-page.tsx',
            tabs: [
              { id: 'balance', module: 'features/settlement/balance-tab.tsx' },
              { id: 'receipts', module: 'features/expenses/expenses-tab.tsx' },
              { id: 'attachments', module: 'features/expenses/attachments-tab.tsx' },
              { id: 'members', module: 'features/groups/members-tab.tsx' },
              { id: 'activity', module: 'features/activity/activity-tab.tsx' },
            ],
          },
          { path: 'group/:groupId/settings', module: 'app/group-settings-page.tsx' },
          { path: 'group/:groupId/expense/new', module: 'features/expenses/expense-wizard-page.tsx' },
          { path: 'statistics', module: 'features/statistics/statistics-page.tsx' },
          { path: 'settings', module: 'features/account/settings-page.tsx' },
          { path: '*', module: 'features/shell/app-not-found-page.tsx' },
        ],
      },
      // Public, outside the login guard: an anonymous visitor sees the invite and is asked to sign up.
      { path: '/invite/:token', module: 'features/invites/invite-page.tsx' },
    ],
  },
  { path: '*', module: 'features/shell/not-found-page.tsx' },
];
