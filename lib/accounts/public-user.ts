// What the rest of the app sees of an account: never its password hash.
import { isPlanId, type PlanId } from './plans';

export interface PublicUser {
  id: string;
  email: string;
  plan: PlanId;
}

export const toPublicUser = (u: { id: string; email: string; plan: string }): PublicUser => ({
  id: u.id,
  email: u.email,
  plan: isPlanId(u.plan) ? u.plan : 'free',
});
