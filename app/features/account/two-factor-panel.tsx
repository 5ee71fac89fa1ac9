import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import type { TwoFactorStatus } from '../../../core/accounts/two-factor';
import { FormAlert } from './auth-layout';

type Step =
  | { name: 'idle' }
  | { name: 'scan'; secret: string; qrSvg: string }
  | { name: 'codes'; codes: string[] }
  | { name: 'off' }
  | { name: 'renew' };

const FALLBACK_ERROR = 'Something went wrong. Please try again.';

/** Posts to the profile's two-factor API; the shop's words on a refusal. */
async function post<T>(
  path: string,
  body: object,
): Promise<{ ok: true; data: T } | { ok: false; error: string }> {
  try {
    const response = await fetch(`/api/profile/two-factor${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const data = (await response.json().catch(() => null)) as
      (T & { error?: { message?: string; fields?: Record<string, string> } }) | null;
    if (response.ok && data) return { ok: true, data };
    const fields = data?.error?.fields ?? {};
    return { ok: false, error: fields.password ?? fields.code ?? data?.error?.message ?? FALLBACK_ERROR };
  } catch {
    return { ok: false, error: FALLBACK_ERROR };
  }
}

/** 'JBSWY3DPEHPK3PXP' as 'JBSW Y3DP EHPK 3PXP', easier to type into a phone. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Two-step sign-in for a staff member: turn on (scan, then a code), the recovery codes shown once,
 * new recovery codes and turning off. `opened` when the admin area sent them here to turn it on.
 */
export function TwoFactorPanel({ status, opened }: { status: TwoFactorStatus; opened: boolean }) {
  const [enabled, setEnabled] = useState(status.enabled);
  // The page's figure until this panel makes new codes: then it is the new set's.
  const [codesLeft, setCodesLeft] = useState(status.recoveryCodesLeft);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLElement>(null);

  useEffect(() => {
    if (opened) box.current?.scrollIntoView({ block: 'start' });
  }, [opened]);

  const run = async <T,>(path: string, body: object, next: (data: T) => void) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    const answer = await post<T>(path, body);
    setBusy(false);
    if (answer.ok) next(answer.data);
    else setError(answer.error);
  };

  const field = (form: HTMLFormElement, name: string) => {
    const value = new FormData(form).get(name);
    return typeof value === 'string' ? value.trim() : '';
  };

  return (
    <section
      ref={box}
      aria-labelledby="two-factor-title"
      className="space-y-4 border-t border-line pt-8"
      data-testid="two-factor"
    >
      <h2 id="two-factor-title" className="text-2xl">
        Two-step sign-in
      </h2>
      {opened && !enabled ? (
        <FormAlert
          tone="info"
          message="The shop’s owner requires two-step sign-in for staff. Turn it on here to use the admin area."
        />
      ) : null}
      <p className="max-w-prose text-sm text-ink-soft">
        {enabled
          ? `On: signing in asks for a code from your authenticator app after your password. Recovery codes left: ${codesLeft}.`
          : 'After your password, signing in will also ask for a 6-digit code from an authenticator app on your phone, so a stolen password alone does not open the admin area.'}
      </p>
      <FormAlert message={error} />
      <FormAlert message={notice} tone="success" />

      {step.name === 'idle' && !enabled ? (
        <Button
          type="button"
          disabled={busy}
          onClick={() =>
            void run<{ secret: string; qrSvg: string }>('/setup', {}, (data) =>
              setStep({ name: 'scan', ...data }),
            )
          }
        >
          Turn on
        </Button>
      ) : null}

      {step.name === 'scan' ? (
        <form
          className="max-w-md space-y-5"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void run<{ recoveryCodes: string[] }>(
              '/enable',
              { code: field(event.currentTarget, 'code') },
              (data) => {
                setEnabled(true);
                setCodesLeft(data.recoveryCodes.length);
                setStep({ name: 'codes', codes: data.recoveryCodes });
              },
            );
          }}
        >
          <p className="text-sm">
            Scan this code with your authenticator app (Google Authenticator, Authy, 1Password…).
          </p>
          <div
            className="w-48 max-w-full bg-white p-2 [&_svg]:h-auto [&_svg]:w-full"
            role="img"
            aria-label="QR code for your authenticator app"
            // The SVG is drawn by the shop itself from the secret; nothing is fetched.
            dangerouslySetInnerHTML={{ __html: step.qrSvg }}
          />
          <details className="text-sm">
            <summary className="cursor-pointer">Can&apos;t scan?</summary>
            <p className="mt-2">Enter this key in the app instead:</p>
            <code
              className="mt-1 block font-mono text-base tracking-wider break-words"
              data-testid="two-factor-secret"
            >
              {grouped(step.secret)}
            </code>
          </details>
          <Field
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            required
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Checking…' : 'Turn on two-step sign-in'}
          </Button>
        </form>
      ) : null}

      {step.name === 'codes' ? (
        <RecoveryCodes codes={step.codes} onDone={() => setStep({ name: 'idle' })} />
      ) : null}

      {step.name === 'idle' && enabled ? (
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="outline" onClick={() => setStep({ name: 'renew' })}>
            New recovery codes
          </Button>
          {status.required ? null : (
            <Button type="button" variant="outline" onClick={() => setStep({ name: 'off' })}>
              Turn off
            </Button>
          )}
        </div>
      ) : null}

      {step.name === 'renew' ? (
        <form
          className="max-w-md space-y-5"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void run<{ recoveryCodes: string[] }>(
              '/recovery-codes',
              { code: field(event.currentTarget, 'code') },
              (data) => {
                setCodesLeft(data.recoveryCodes.length);
                setStep({ name: 'codes', codes: data.recoveryCodes });
              },
            );
          }}
        >
          <Field
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
          <div className="flex gap-3">
            <Button type="submit" disabled={busy}>
              Get new recovery codes
            </Button>
            <Button type="button" variant="outline" onClick={() => setStep({ name: 'idle' })}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}

      {step.name === 'off' ? (
        <form
          className="max-w-md space-y-5"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const form = event.currentTarget;
            void run('/disable', { password: field(form, 'password'), code: field(form, 'code') }, () => {
              setEnabled(false);
              setStep({ name: 'idle' });
              setNotice('Two-step sign-in is off.');
            });
          }}
        >
          <Field label="Password" name="password" type="password" autoComplete="current-password" required />
          <Field
            label="Code from the app, or a recovery code"
            name="code"
            autoComplete="one-time-code"
            required
          />
          <div className="flex gap-3">
            <Button type="submit" disabled={busy}>
              Turn off
            </Button>
            <Button type="button" variant="outline" onClick={() => setStep({ name: 'idle' })}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

/** The recovery codes, shown this once: copy or download them before leaving. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  return (
    <div className="max-w-md space-y-4">
      <FormAlert
        tone="info"
        message="Two-step sign-in is on. Save these recovery codes somewhere safe: each signs you in once if you lose your phone, and they are not shown again."
      />
      <ul className="grid grid-cols-2 gap-2 font-mono text-base" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <a
          className="inline-flex h-11 items-center rounded-sm border border-line px-5 text-sm"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`Rossy recovery codes\n\n${text}\n`)}`}
          download="rossy-recovery-codes.txt"
        >
          Download
        </a>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}
