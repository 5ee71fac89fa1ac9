import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../../../core/audit/audit';
import type { CommandContext } from '../../../core/command';
import type { PageServices } from '../../../core/page-services';
import { clientOf, currentUser } from '../../plugins/session';

/**
 * The signed-in staff member as core records them: their id and e-mail for the activity log, their
 * name for the order timeline and refunds, and their role for the checks core makes where one route
 * reaches two permissions (a cancel with its refund).
 */
export function staffActor(request: FastifyRequest): AuditActor & { id: string } {
  const { id, email, name, role } = currentUser(request);
  return { id, email, name, role };
}

/** Where a route runs a command (core/commands): the shop's services, the signed-in staff member and their client. */
export function staffCommand(services: PageServices, request: FastifyRequest): CommandContext {
  const { id, email, name, role } = currentUser(request);
  return { db: services.db, services, actor: { id, email, name, role }, client: clientOf(request) };
}
