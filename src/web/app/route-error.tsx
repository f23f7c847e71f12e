import { Component, type ErrorInfo, type ReactNode } from 'react';
import * as sv from '#shared/i18n/sv.ts';
import { PublicPage } from '../components/public-page.tsx';
import { Button } from '../components/ui/button.tsx';

type Props = { children: ReactNode; resetKey: string };
type State = { error: unknown; resetKey: string };

/**
 * Catches what a page throws while loading or rendering. The usual cause in production is a page chunk that no
 * longer exists after a deploy, which a reload fixes. Navigating elsewhere clears the error.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <PublicPage title={sv.shell.loadFailed} narrow>
        <div className="flex flex-col items-center gap-4 text-center">
          <h1 className="text-2xl font-semibold">{sv.shell.loadFailed}</h1>
          <p className="text-muted-foreground">{sv.shell.loadFailedText}</p>
          <Button onClick={() => window.location.reload()}>{sv.shell.retry}</Button>
        </div>
      </PublicPage>
    );
  }
}
