import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../../../core/audit/audit';
import { currentUser } from '../../plugins/session';

/**
 * The signed-in staff member as core records them: their id and e-mail for the activity log, their
 * name for the order timeline and refunds, and their role for the checks core makes where one route
 * reaches two permissions (a cancel with its refund).
 */
export function staffActor(request: FastifyRequest): AuditActor & { id: string } {
  const { id, email, name, role } = currentUser(request);
  return { id, email, name, role };
}
