import { Link } from 'react-router';
import { Icon } from '../components/Icon';

/** Any other path (spec section 8's 404 page): the message and a way home. */
export function NotFoundScreen() {
  return (
    <div className="grid h-full place-items-center p-6">
      <div className="max-w-md text-center">
        <p className="text-7xl font-extrabold text-brand-600 dark:text-brand-200">404</p>
        <h1 className="mt-4 text-2xl font-bold">Oops, an error has occurred. Page not found!</h1>
        <Link
          to="/"
          className="mt-6 inline-flex min-h-12 items-center gap-2 rounded-xl bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
        >
          <Icon name="home" />
          Go Home
        </Link>
      </div>
    </div>
  );
}
