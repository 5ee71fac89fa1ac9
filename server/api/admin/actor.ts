import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../../../core/audit/audit';
import type { CommandContext } from '../../../core/command';
import type { Db } from '../../../db/client';
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

/** Where a route runs a command (core/commands): the database and the signed-in staff member. */
export function staffCommand(db: Db, request: FastifyRequest): CommandContext {
  const { id, email, name, role } = currentUser(request);
  return { db, actor: { id, email, name, role } };
}
