import { can } from '../../../core/accounts/permissions';
import { actionPermission, runCommand } from '../../../core/commands';
import { returnMoveCommands } from '../../../core/returns/commands';
import { returnStatusIds } from '../../../contracts/returns';
import { isAppError } from '../../../core/errors';
import type { ReturnMove } from '../../../core/returns/plan';
import { type AdminReturnView, getReturnForAdmin, listReturnsForAdmin } from '../../../core/returns/views';
import { getShopSettings, type ShopSettings } from '../../../core/settings/shop-settings';
import { formFailure, formText } from '../../lib/action-result.server';
import { commandContext, searchParam, type AdminActionHandler, type AdminLoadArgs } from './admin-tab.server';
import type { AdminActionResult } from './admin-texts';

/** The Returns tab: returns filtered by state (and searched), or one opened (?return=RET-…). */
export async function loadReturnsTab({ context, params, admin }: AdminLoadArgs) {
  const db = context.services.db;
  const status = params.get('status') ?? '';
  const filter = {
    q: searchParam(params),
    status: (returnStatusIds as readonly string[]).includes(status) ? status : '',
  };
  const number = params.get('return');
  if (number) {
    let view: AdminReturnView | null = null;
    try {
      const found = await getReturnForAdmin(db, number.trim().slice(0, 30));
      // The moves the return allows and the role may make (support answers requests; refunds are a manager's).
      view = {
        ...found,
        moves: found.moves.filter((move) => {
          const needed = actionPermission(`return-${move}`);
          return needed !== undefined && can(admin.role, needed);
        }),
      };
    } catch (error) {
      if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
    }
    const settings = view ? await getShopSettings(db) : null;
    const instructions = view && settings ? returnInstructions(settings, view) : '';
    // The carriers the exchange's form offers.
    const carriers = view?.moves.includes('exchange') && settings ? settings.carriers : [];
    return { filter, view, instructions, carriers, missing: view ? null : number, list: null };
  }
  const list = await listReturnsForAdmin(db, filter);
  return { filter, view: null, instructions: '', carriers: [], missing: null, list };
}

/** What Approve offers to send the shopper, for staff to edit: where the parcel goes and how. */
export function returnInstructions(
  shop: Pick<ShopSettings, 'name' | 'address' | 'supportPhone'>,
  view: AdminReturnView,
) {
  const outcome =
    view.resolution === 'exchange'
      ? 'Your new piece goes out as soon as the parcel reaches us and we have checked it.'
      : 'Your refund goes out as soon as the parcel reaches us and we have checked it.';
  return [
    `Please pack the ${view.items.length === 1 ? 'piece' : 'pieces'} unworn, with the tags on, and send the parcel to:`,
    `${shop.name} Returns, ${shop.address}`,
    `Write ${view.number} on the parcel and keep the courier's receipt. Questions? Call ${shop.supportPhone}.`,
    outcome,
  ].join('\n');
}

/** Whether each returned item goes back on sale: its box ticked ("Back in stock"), else damaged. */
function restockChoices(form: FormData): Record<string, boolean> {
  const choices: Record<string, boolean> = {};
  for (const id of form.getAll('item')) {
    if (typeof id === 'string' && /^\d+$/.test(id)) choices[id] = form.get(`restock.${id}`) === 'on';
  }
  return choices;
}

const returnMove =
  (
    move: ReturnMove,
    body: (form: FormData) => Record<string, unknown>,
    message: (view: AdminReturnView) => string,
  ): AdminActionHandler =>
  async ({ context, admin, form }) => {
    const intent = formText(form, 'intent');
    const id = formText(form, 'id');
    try {
      const view = await runCommand(returnMoveCommands[move], commandContext(context, admin), {
        ...body(form),
        id: /^\d+$/.test(id) ? Number(id) : id,
      });
      return { ok: true, intent, message: message(view) } satisfies AdminActionResult;
    } catch (error) {
      return formFailure(error, 'The return could not be updated. Please try again.');
    }
  };

/** Each move of a return, by its form's intent; core checks that the return may make it now. */
export const returnsActions: Record<string, AdminActionHandler> = {
  'return-approve': returnMove(
    'approve',
    (form) => ({ instructions: formText(form, 'instructions') }),
    (view) => `Return ${view.number} approved. The customer has the instructions.`,
  ),
  'return-decline': returnMove(
    'decline',
    (form) => ({ reason: formText(form, 'reason') }),
    (view) => `Return ${view.number} declined. The customer has been told why.`,
  ),
  'return-receive': returnMove(
    'receive',
    (form) => ({ restock: restockChoices(form) }),
    (view) => {
      const back = view.items.filter((item) => item.restocked).reduce((sum, item) => sum + item.quantity, 0);
      return `Return ${view.number} received; ${back} ${back === 1 ? 'unit' : 'units'} back in stock.`;
    },
  ),
  'return-refund': returnMove(
    'refund',
    () => ({}),
    (view) => `Return ${view.number} refunded. The customer has been told.`,
  ),
  'return-exchange': returnMove(
    'exchange',
    (form) => ({ carrier: formText(form, 'carrier'), trackingNumber: formText(form, 'trackingNumber') }),
    (view) =>
      `The exchange for ${view.number} is on its way with ${view.exchangeCarrier ?? 'the carrier'} (${view.exchangeTrackingNumber ?? ''}).`,
  ),
  'return-close': returnMove(
    'close',
    () => ({}),
    (view) => `Return ${view.number} closed.`,
  ),
};
