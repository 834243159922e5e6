import { Component, type ReactNode, Suspense } from 'react';
import { Button } from '../components/Button';
import { Spinner } from '../components/Spinner';

/** Props of {@link ScreenBoundary}. */
export interface ScreenBoundaryProps {
  readonly children: ReactNode;
  /** The current path: a new one clears a failure (the next screen may well load). */
  readonly path: string;
}

interface ScreenBoundaryState {
  readonly error: Error | null;
}

/**
 * Around the screens: a screen loaded on first use (order history) shows a loader while it comes
 * (a navigation keeps the page it leaves until then), and a screen that cannot be shown (its code
 * could not be fetched, the server does not answer) says so with Reload instead of blanking the app.
 */
export class ScreenBoundary extends Component<ScreenBoundaryProps, ScreenBoundaryState> {
  override state: ScreenBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ScreenBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: ScreenBoundaryProps): void {
    if (previous.path !== this.props.path && this.state.error) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (error) {
      return (
        <div role="alert" className="grid h-full place-items-center p-6">
          <div className="flex max-w-md flex-col items-center gap-4 text-center">
            <h1 className="text-2xl font-bold">This screen could not be shown</h1>
            <p className="text-slate-600 dark:text-slate-300">{error.message}</p>
            <Button variant="primary" icon="renew" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </div>
        </div>
      );
    }
    return (
      <Suspense
        fallback={
          <p role="status" className="flex items-center gap-2 p-6 text-slate-600 dark:text-slate-300">
            <Spinner /> Loading…
          </p>
        }
      >
        {this.props.children}
      </Suspense>
    );
  }
}
