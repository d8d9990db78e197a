import type { Profile } from '#shared/api.ts';
import { ADMIN_MESSAGES } from '#shared/admin/users.ts';
import { requireCaller } from '../lib/caller.ts';
import { Forbidden, Unauthorized } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/**
 * The caller, if their stored profile says admin (docs/admin.md); anyone else gets 403
 * "Admin privileges required" and no data; no token, 401 "Authentication required".
 * Called first in every admin handler.
 */
export async function requireAdmin(event: HttpEvent): Promise<Profile> {
  try {
    return await requireCaller(event, ['admin']);
  } catch (error) {
    if (error instanceof Forbidden && error.code === 'forbidden') throw new Forbidden(ADMIN_MESSAGES.privilegesRequired, 'admin_required');
    // No token at all: "Authentication required" (a revoked session keeps its own message).
    if (error instanceof Unauthorized && error.code === 'unauthorized') throw new Unauthorized(ADMIN_MESSAGES.authenticationRequired);
    throw error;
  }
}
