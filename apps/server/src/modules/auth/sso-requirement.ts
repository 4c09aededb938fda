import type { Executor } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import { findConnectionOfDomain, findCustomerOfWorkspace, placeInCustomer } from './sso.repository.js';

// Where a business requires single sign-on (docs/decisions/045-single-sign-on.md).

const ssoRequiredMessage =
  'Your business signs in with single sign-on. Use "Sign In with SSO" with your work email address.';

export function domainOf(emailAddress: string): string {
  const address = emailAddress.trim().toLowerCase();
  return address.slice(address.lastIndexOf('@') + 1);
}

/**
 * Password sign-in for an address whose domain requires single sign-on is refused when the account
 * is an active member of that business, except for its admins: the way back in when the identity
 * provider fails (break-glass). A password sign-up is refused when it joins that business through
 * an invitation. Nothing is refused outside the business: nobody proves owning a domain
 * (decision 045), so a business's setting must not reach other businesses' people.
 */
export async function refusePasswordWhereSsoRequired(
  db: Executor,
  emailAddress: string,
  who: { accountId: string } | { joiningWorkspaceId: string | undefined },
): Promise<void> {
  const connection = await findConnectionOfDomain(db, domainOf(emailAddress));
  if (!connection?.isRequired) return;
  if ('accountId' in who) {
    if ((await placeInCustomer(db, who.accountId, connection.customerId)) !== 'member') return;
  } else {
    if (!who.joiningWorkspaceId) return;
    if ((await findCustomerOfWorkspace(db, who.joiningWorkspaceId)) !== connection.customerId) return;
  }
  throw forbidden(ssoRequiredMessage);
}
