import type { Profile } from '#shared/api.ts';
import type { Role } from '#shared/constants.ts';
import { DOCUMENT_MESSAGES } from '#shared/knowledge/documents.ts';
import { requireCaller } from '../lib/caller.ts';
import { AppError, Forbidden, Unauthorized, Unavailable } from '../lib/errors.ts';
import type { HttpEvent } from '../lib/http.ts';

/**
 * The caller, with the knowledge base's messages (docs/ai.md): "Authentication
 * required" without a valid session, `admin_required` with the given message for a role not allowed, and "Failed to verify
 * user permissions" when the profile cannot be read.
 */
export async function requireKnowledgeCaller(event: HttpEvent, allowed: readonly Role[], forbidden: string): Promise<Profile> {
  try {
    return await requireCaller(event, allowed);
  } catch (error) {
    if (error instanceof Unauthorized) throw new Unauthorized(DOCUMENT_MESSAGES.authRequired, error.code);
    // A role not allowed is `admin_required`, as on every admin-only route.
    if (error instanceof Forbidden) throw new Forbidden(forbidden, error.code === 'forbidden' ? 'admin_required' : error.code);
    if (error instanceof AppError) throw error;
    throw new Unavailable(DOCUMENT_MESSAGES.verifyFailed);
  }
}
