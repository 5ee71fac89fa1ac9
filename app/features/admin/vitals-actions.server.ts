import { data } from 'react-router';
import { isAppError } from '../../../core/errors';
import { runCommand } from '../../../core/commands';
import { formText } from '../../lib/action-result.server';
import type { AdminActionHandler } from './admin-tab.server';
import { commandContext } from './admin-tab.server';
import type { AdminActionResult } from './admin-texts';

const INTENT = 'vitals-sample-rate';

/** Reports → Speed for real shoppers: how many page views in a hundred send their vitals. */
export const vitalsActions: Record<string, AdminActionHandler> = {
  [INTENT]: async ({ context, admin, form }) => {
    const raw = formText(form, 'vitalsSamplePercent').trim();
    const percent = raw === '' ? Number.NaN : Number(raw);
    try {
      const saved = await runCommand('settings.save', commandContext(context, admin), {
        vitalsSamplePercent: percent,
      });
      return {
        ok: true,
        intent: INTENT,
        message:
          saved.vitalsSamplePercent === 0
            ? 'Saved: no page views are measured.'
            : `Saved: ${saved.vitalsSamplePercent} in 100 page views are measured.`,
      } satisfies AdminActionResult;
    } catch (error) {
      if (!isAppError(error)) throw error;
      const message = error.fields?.vitalsSamplePercent ?? error.message;
      return data<AdminActionResult>(
        { ok: false, intent: INTENT, error: message, fields: { vitalsSamplePercent: message } },
        { status: error.status },
      );
    }
  },
};
