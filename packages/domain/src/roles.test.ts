import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  PERMISSIONS,
  ROLE_LABELS,
  ROLE_LEVELS,
  atLeast,
  canModerate,
  compareLevels,
  hasPermission,
  isAuthenticatedLevel,
  isRoleLevel,
  isSubscriber,
  levelFromRole,
  nextLevel,
  permissionsFor,
  type Permission,
  type RoleLevel,
} from './roles.js';

// Section 6 written out independently of the implementation.
const SPEC_TABLE: Record<RoleLevel, string[]> = {
  anonymous: ['view_content'],
  subscriber: ['view_content', 'receive_newsletter'],
  member: [
    'view_content',
    'receive_newsletter',
    'comment',
    'bookmark',
    'create_profile',
    'edit_profile',
  ],
  moderator: [
    'view_content',
    'receive_newsletter',
    'comment',
    'bookmark',
    'create_profile',
    'edit_profile',
    'moderate_comments',
    'hide_content',
    'delete_content',
    'warn_users',
    'temp_ban_users',
    'view_moderation_logs',
    'manage_flags',
  ],
  admin: [
    'view_content',
    'receive_newsletter',
    'comment',
    'bookmark',
    'create_profile',
    'edit_profile',
    'moderate_comments',
    'hide_content',
    'delete_content',
    'warn_users',
    'temp_ban_users',
    'view_moderation_logs',
    'manage_flags',
    'manage_users',
    'assign_roles',
    'admin_system',
    'view_analytics',
    'manage_settings',
    'export_data',
    'permanent_ban',
  ],
};

const LEVELS: RoleLevel[] = ['anonymous', 'subscriber', 'member', 'moderator', 'admin'];

describe('role levels', () => {
  it('are ordered anonymous < subscriber < member < moderator < admin', () => {
    expect(ROLE_LEVELS).toEqual(LEVELS);
  });

  it.each([
    ['anonymous', 'Visitor'],
    ['subscriber', 'Subscriber'],
    ['member', 'Member'],
    ['moderator', 'Moderator'],
    ['admin', 'Administrator'],
  ] as const)('%s is labelled %j', (level, label) => {
    expect(ROLE_LABELS[level]).toBe(label);
  });

  it.each([
    ['anonymous', 'subscriber'],
    ['subscriber', 'member'],
    ['member', 'moderator'],
    ['moderator', 'admin'],
    ['admin', null],
  ] as const)('next level after %s is %s', (level, next) => {
    expect(nextLevel(level)).toBe(next);
  });

  it.each([
    ['admin', 'admin'],
    ['moderator', 'moderator'],
    ['subscriber', 'subscriber'],
    ['member', 'member'],
    ['user', 'member'],
    ['anonymous', 'member'],
    ['Admin', 'member'],
    ['', 'member'],
    [null, 'member'],
    [undefined, 'member'],
  ] as const)('role %j gives level %s', (role, level) => {
    expect(levelFromRole(role)).toBe(level);
  });

  it.each([
    ['member', true],
    ['owner', false],
    [undefined, false],
  ])('isRoleLevel(%j) is %s', (value, expected) => {
    expect(isRoleLevel(value)).toBe(expected);
  });
});

describe('permission table of section 6', () => {
  it.each(LEVELS)('%s has exactly the listed permissions', (level) => {
    expect([...permissionsFor(level)].sort()).toEqual([...SPEC_TABLE[level]].sort());
    expect(PERMISSIONS[level]).toHaveLength(SPEC_TABLE[level].length);
  });

  it('admin holds every permission', () => {
    expect([...PERMISSIONS.admin].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  const matrix = LEVELS.flatMap((level) =>
    ALL_PERMISSIONS.map(
      (permission) => [level, permission, SPEC_TABLE[level].includes(permission)] as const,
    ),
  );
  it.each(matrix)('hasPermission(%s, %s) is %s', (level, permission, expected) => {
    expect(hasPermission(level, permission as Permission)).toBe(expected);
  });
});

describe('level predicates', () => {
  it.each([
    ['anonymous', false, false],
    ['subscriber', false, false],
    ['member', true, false],
    ['moderator', true, true],
    ['admin', true, true],
  ] as const)('%s: authenticated %s, canModerate %s', (level, authenticated, moderate) => {
    expect(isAuthenticatedLevel(level)).toBe(authenticated);
    expect(canModerate(level)).toBe(moderate);
  });

  it.each([
    ['anonymous', false, false],
    ['anonymous', true, true],
    ['subscriber', false, true],
    ['subscriber', true, true],
    ['member', false, false],
    ['member', true, true],
    ['moderator', false, false],
    ['admin', true, true],
  ] as const)('isSubscriber(%s, %s) is %s', (level, hasSubscription, expected) => {
    expect(isSubscriber(level, hasSubscription)).toBe(expected);
  });

  it.each([
    ['anonymous', 'admin', false],
    ['member', 'member', true],
    ['admin', 'moderator', true],
    ['subscriber', 'member', false],
    ['moderator', 'member', true],
  ] as const)('atLeast(%s, %s) is %s', (level, minimum, expected) => {
    expect(atLeast(level, minimum)).toBe(expected);
  });

  it('compares levels by order', () => {
    expect(compareLevels('member', 'admin')).toBeLessThan(0);
    expect(compareLevels('admin', 'member')).toBeGreaterThan(0);
    expect(compareLevels('moderator', 'moderator')).toBe(0);
  });
});
