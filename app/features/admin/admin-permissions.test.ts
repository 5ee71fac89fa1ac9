import { describe, expect, it } from 'vitest';
import { adminPagePermissions, adminTabPermissions } from '../../../core/accounts/permissions';
import { adminActionPermissions } from '../../../core/commands';
import routes from '../../routes';
import { adminActions } from './admin-actions.server';
import { adminTabs } from './admin-texts';

/** The dashboard and the permission table name the same things: nothing offered is left out of the table. */
describe('the dashboard and the permission table', () => {
  it('list the same actions', () => {
    expect(Object.keys(adminActions).sort()).toEqual(Object.keys(adminActionPermissions).sort());
  });

  it('list the same tabs', () => {
    expect(adminTabs.map((tab) => tab.id).sort()).toEqual(Object.keys(adminTabPermissions).sort());
  });

  it('give every admin page beside the dashboard a permission', () => {
    const pages = routes.map((route) => `/${route.path ?? ''}`).filter((path) => path.startsWith('/admin/'));
    expect(pages.sort()).toEqual(Object.keys(adminPagePermissions).sort());
  });
});
