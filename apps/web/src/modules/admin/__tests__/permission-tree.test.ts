// Proves the permission editor's model: what is ticked becomes exactly the POST /auth/permission payload, and back.
import { describe, expect, it } from 'vitest';
import { fullPermissions, moduleCatalogue, type Permission } from '@erp/contracts';
import {
  grantsFromPermissions,
  pagesState,
  permissionsFromGrants,
  permissionTree,
  setOperation,
  setPage,
  setPages,
  type Grants,
} from '../permission-tree';

const tree = permissionTree();
const admin = tree.find((module) => module.name === 'Admin')!;
const security = admin.groups.find((group) => group.name === 'Security')!;
const rolePage = security.pages.find((page) => page.link === '/role')!;
const profilePage = security.pages.find((page) => page.link === '/user-profile')!;
const empty: Grants = new Map();

describe('permission tree', () => {
  it('lists every module, group and page of the catalogue, child pages one level deeper after their parent', () => {
    expect(tree.map((module) => module.name)).toEqual(moduleCatalogue.map((module) => module.name));
    expect(security.pages.map((page) => [page.link, page.depth])).toEqual([
      ['/role', 0],
      ['/user-profile', 1],
      ['/identity-group', 0],
      ['/identity', 0],
    ]);
    expect(rolePage.operations).toEqual([
      'SaveRole',
      'EditRole',
      'DeleteRole',
      'ImportRole',
      'ExportRole',
      'SaveUser',
      'EditUser',
      'DeleteUser',
      'ImportUser',
      'ExportUser',
    ]);
  });

  it('selecting a group then toggling operations gives the exact payload', () => {
    let grants = setPages(empty, security.pages, true);
    grants = setOperation(grants, rolePage, 'DeleteRole', false);
    grants = setOperation(grants, rolePage, 'DeleteUser', false);
    grants = setPage(
      grants,
      security.pages.find((page) => page.link === '/identity')!,
      false,
    );
    grants = setOperation(grants, profilePage, 'EditUser', false);

    expect(permissionsFromGrants(grants, tree)).toEqual<Permission[]>([
      {
        name: 'Admin',
        routes: [
          {
            name: 'Security',
            pages: [
              {
                link: '/role',
                operations: [
                  'SaveRole',
                  'EditRole',
                  'ImportRole',
                  'ExportRole',
                  'SaveUser',
                  'EditUser',
                  'ImportUser',
                  'ExportUser',
                ],
              },
              { link: '/user-profile', operations: [] },
              {
                link: '/identity-group',
                operations: [
                  'SaveIdentityGroup',
                  'EditIdentityGroup',
                  'DeleteIdentityGroup',
                  'ImportIdentityGroup',
                  'ExportIdentityGroup',
                ],
              },
            ],
          },
        ],
      },
    ]);
    expect(pagesState(grants, security.pages)).toBe('indeterminate');
  });

  it('turning an operation on grants its page; a page granted alone has no operation', () => {
    const withOperation = setOperation(empty, rolePage, 'ExportUser', true);
    expect(permissionsFromGrants(withOperation, tree)).toEqual([
      {
        name: 'Admin',
        routes: [{ name: 'Security', pages: [{ link: '/role', operations: ['ExportUser'] }] }],
      },
    ]);
    const pageOnly = setPage(empty, profilePage, true);
    expect(permissionsFromGrants(pageOnly, tree)).toEqual([
      { name: 'Admin', routes: [{ name: 'Security', pages: [{ link: '/user-profile', operations: [] }] }] },
    ]);
    expect(permissionsFromGrants(setOperation(empty, rolePage, 'ExportUser', false), tree)).toEqual([]);
  });

  it('clearing a module removes it from the payload, and nothing ticked is an empty list', () => {
    const grants = setPages(setPages(empty, admin.pages, true), admin.pages, false);
    expect(permissionsFromGrants(grants, tree)).toEqual([]);
    expect(pagesState(grants, admin.pages)).toBe('unchecked');
  });

  it('round-trips the Administrator permissions and drops pages or labels the catalogue does not know', () => {
    const full = fullPermissions();
    const grants = grantsFromPermissions(full, tree);
    expect(permissionsFromGrants(grants, tree)).toEqual(full);
    expect(pagesState(grants, admin.pages)).toBe('checked');

    const stale: Permission[] = [
      {
        name: 'Admin',
        routes: [
          {
            name: 'Security',
            pages: [
              { link: '/role', operations: ['SaveRole', 'LaunchRockets'] },
              { link: '/gone', operations: [] },
            ],
          },
        ],
      },
      { name: 'Nowhere', routes: [{ name: 'Setup', pages: [{ link: '/role', operations: [] }] }] },
    ];
    expect(permissionsFromGrants(grantsFromPermissions(stale, tree), tree)).toEqual([
      { name: 'Admin', routes: [{ name: 'Security', pages: [{ link: '/role', operations: ['SaveRole'] }] }] },
    ]);
  });

  it('keeps the same link in two modules apart (the trial balance is in Admin and General Ledger)', () => {
    const ledger = tree.find((module) => module.name === 'General Ledger')!;
    const ledgerTrialBalance = ledger.pages.find((page) => page.link === '/trial-balance')!;
    const grants = setPage(empty, ledgerTrialBalance, true);
    expect(permissionsFromGrants(grants, tree)).toEqual([
      {
        name: 'General Ledger',
        routes: [
          { name: ledgerTrialBalance.key.split('~')[1], pages: [{ link: '/trial-balance', operations: [] }] },
        ],
      },
    ]);
  });
});
