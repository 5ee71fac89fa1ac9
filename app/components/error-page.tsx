import { ButtonLink } from './ui/button';

const copy: Record<number, { title: string; text: string }> = {
  403: { title: 'Not part of your role', text: 'You do not have permission to access this page.' },
  404: { title: 'Page Not Found', text: "The page you're looking for doesn't exist or has been moved." },
  503: {
    title: 'We’ll be right back',
    text: 'The shop is briefly unavailable. Please try again in a moment.',
  },
};

export function ErrorPage({ status }: { status: number }) {
  const { title, text } = copy[status] ?? {
    title: 'Something went wrong',
    text: 'Please try again, or come back in a moment.',
  };
  return (
    <section className="container-shop flex flex-col items-center py-24 text-center">
      <p className="font-display text-[6rem] leading-none font-semibold text-gold">{status}</p>
      <h1 className="mt-4 text-display-md">{title}</h1>
      <p className="mt-3 max-w-md text-muted">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Go Home</ButtonLink>
        <ButtonLink to="/products" variant="outline">
          Browse Products
        </ButtonLink>
      </div>
    </section>
  );
}
