import { describe, expect, it } from 'vitest';
import { type Role, reachRefusal } from '../../src/shared/admin';

describe('reachRefusal', () => {
  it('lets operators act on plain users only, admins on every other account, nobody on itself', () => {
    const roles: Role[] = ['user', 'operator', 'admin'];
    const table = roles.map((actor) =>
      roles.map((target) => reachRefusal({ id: 1, role: actor }, { id: 2, role: target })),
    );
    expect(table).toEqual([
      ['admin:reach.staff', 'admin:reach.staff', 'admin:reach.staff'],
      [null, 'admin:reach.staff', 'admin:reach.staff'],
      [null, null, null],
    ]);
    for (const role of roles) expect(reachRefusal({ id: 7, role }, { id: 7, role })).toBe('admin:reach.self');
  });
});
