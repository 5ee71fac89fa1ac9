import type { z } from 'zod';
import type { Role } from '../contracts/accounts';
import type { Permission } from '../contracts/permissions';
import type { Db } from '../db/client';
import type { AuditActor } from './audit/audit';
import type { PageServices } from './page-services';
import type { ClientInfo } from './rate-limits';

/**
 * Who runs a command, and where: the shop's services (the database among them), the signed-in staff
 * member (their role is checked) and, where the command limits tries, the client they run it from.
 */
export interface CommandContext {
  db: Db;
  services: PageServices;
  actor: AuditActor & { id: string; role: Role };
  client?: ClientInfo;
}

/**
 * One thing a person can do to the shop (decision 0072): the permission it needs, the input it takes
 * (the REST route's body and the OpenAPI document read the same schema), and the domain's function that
 * does it. core/commands holds the table of them; routes and the dashboard's actions only adapt to it.
 */
export interface Command<Input extends z.ZodType = z.ZodType, Output = unknown> {
  permission: Permission;
  /** What it does, in a sentence a shop owner would read. */
  summary: string;
  input: Input;
  run(context: CommandContext, input: z.output<Input>): Promise<Output>;
}

/** A command, typed by its input and output (a domain's `commands.ts` declares its own with this). */
export const command = <Input extends z.ZodType, Output>(
  definition: Command<Input, Output>,
): Command<Input, Output> => definition;
