import { data } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/not-found';

export function loader() {
  throw data('Not found', { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Page Not Found',
    description: "The page you're looking for doesn't exist or has been moved.",
    ...rootMeta(matches),
  });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}
