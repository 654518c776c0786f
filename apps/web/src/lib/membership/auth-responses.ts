/**
 * Defensive readers for the two startup answers (/api/auth/session and /api/auth/me). The
 * domain's zod contracts describe them, but zod does not fit the home page's first-load budget,
 * so startup reads only the fields it needs and treats anything else as signed out.
 */
import {
  isStoredSubscription,
  type MeResponse,
  type MembershipSession,
  type MembershipUser,
  type SessionResponse,
  type StoredSubscription,
  type Subscription,
} from '@quillpost/domain';

type Loose<T> = { [K in keyof T]?: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Some deployments nest the payload under `data` (spec section 7). */
function unwrap(value: unknown): Record<string, unknown> | null {
  if (!isRecord(value)) return null;
  return isRecord(value.data) && !('user' in value) && !('authenticated' in value)
    ? value.data
    : value;
}

function readSessionSummary(value: unknown): MembershipSession | null {
  if (!isRecord(value)) return null;
  const { createdAt, expiresAt } = value as Loose<NonNullable<SessionResponse['session']>>;
  return typeof createdAt === 'string' && typeof expiresAt === 'string'
    ? { createdAt, expiresAt }
    : null;
}

export function readSessionResponse(value: unknown): {
  authenticated: boolean;
  session: MembershipSession | null;
} {
  const body = unwrap(value) as Loose<SessionResponse> | null;
  return {
    authenticated: body?.authenticated === true,
    session: readSessionSummary(body?.session),
  };
}

function readUser(value: unknown): MembershipUser | null {
  if (!isRecord(value)) return null;
  const user = value as Loose<MeResponse['user']>;
  const email = text(user.email);
  const role = text(user.role);
  if (email === null || role === null) return null;
  return {
    email,
    role,
    name: text(user.name),
    avatar_url: text(user.avatar_url),
    subscription_status: text(user.subscription_status),
  };
}

function readSubscription(value: unknown): StoredSubscription | null {
  if (!isRecord(value)) return null;
  const subscription = value as Loose<Subscription>;
  // The API's subscription carries more (preferences); keep the stored shape only.
  const candidate = {
    email: subscription.email,
    name: text(subscription.name),
    subscribedAt: subscription.subscribedAt,
    verified: subscription.verified === true,
    status: subscription.status,
    wantsAccount: subscription.wantsAccount === true,
  };
  return isStoredSubscription(candidate) ? candidate : null;
}

export interface MeSummary {
  user: MembershipUser;
  session: MembershipSession | null;
  subscription: StoredSubscription | null;
}

export function readMeResponse(value: unknown): MeSummary | null {
  const body = unwrap(value) as Loose<MeResponse> | null;
  const user = readUser(body?.user);
  if (!user) return null;
  return {
    user,
    session: readSessionSummary(body?.session),
    subscription: readSubscription(body?.subscription),
  };
}
