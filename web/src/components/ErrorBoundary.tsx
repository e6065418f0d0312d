// Catches render errors and failed chunk loads (e.g. after a deploy) and offers a reload instead of a blank page.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { telemetry } from '../lib/api';

interface Props {
  fallback: (reset: () => void) => ReactNode;
  /** Changing this key (e.g. the path) clears the error. */
  resetKey?: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null; key: string | undefined }> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string | undefined }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
    telemetry.report(error);
  }

  override render() {
    return this.state.error ? this.props.fallback(() => this.setState({ error: null })) : this.props.children;
  }
}
