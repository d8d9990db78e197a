import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';
import { browserStorage } from '@/lib/storage.ts';
import { describeError, saveLastError } from './last-error.ts';

export function recordError(error: unknown, componentStack?: string | null): void {
  saveLastError(browserStorage(), describeError(error, { componentStack, href: window.location.href, now: new Date() }));
}

/** A lazy route's chunk failed to load (usually a new deploy): only a reload fetches it again. */
const isChunkLoadError = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the path), a shown error is cleared. */
  resetKey?: string;
}

interface State {
  error: unknown;
  failed: boolean;
  resetKey: string | undefined;
}

/** The generic error screen (docs/quiz.md): Oops! Something went wrong, Try Again, Go Home. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { resetKey: props.resetKey, error: null, failed: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    recordError(error, info.componentStack);
  }

  private readonly tryAgain = () => {
    if (isChunkLoadError(this.state.error)) window.location.reload();
    else this.setState({ error: null, failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page page--narrow">
        <Card title="Oops! Something went wrong" level={1}>
          <p>An unexpected error stopped this page. You can try again, or go back to the home page.</p>
          <div className="actions">
            <Button onClick={this.tryAgain}>Try Again</Button>
            <Button variant="secondary" onClick={() => window.location.assign('/')}>
              Go Home
            </Button>
          </div>
        </Card>
      </div>
    );
  }
}
