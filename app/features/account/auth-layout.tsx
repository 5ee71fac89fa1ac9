/** The centred card every sign-in, sign-up and recovery page sits in. */
export function AuthLayout({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: string;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <section className="container-shop flex justify-center py-12 lg:py-20">
      <div className="w-full max-w-md">
        <div className="mb-8 text-center">
          <h1 className="text-display-md">{title}</h1>
          {intro ? <p className="mt-2 text-sm text-muted">{intro}</p> : null}
        </div>
        <div className="rounded-card border border-line bg-white p-6 shadow-sm sm:p-8">{children}</div>
        {footer ? <div className="mt-6 text-center text-sm text-ink-soft">{footer}</div> : null}
      </div>
    </section>
  );
}

export function FormAlert({
  message,
  tone = 'error',
}: {
  message: string | null | undefined;
  tone?: 'error' | 'success' | 'info';
}) {
  if (!message) return null;
  const classes = {
    error: 'border-sale/30 bg-sale/5 text-sale',
    success: 'border-success/30 bg-success/5 text-success',
    info: 'border-gold/40 bg-cream text-ink',
  }[tone];
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`mb-5 rounded-sm border px-4 py-3 text-sm ${classes}`}
    >
      {message}
    </p>
  );
}
