import { CLIENT_ERRORS } from '@fogata/shared';
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** When it changes (another page), the boundary tries again. */
  resetKey: string;
}

/**
 * What a page that fails to draw shows instead of a blank screen: the app's unknown-error text,
 * instead of React's empty page. Going to another page (`resetKey`) tries again.
 */
export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="container-lg py-4">
        <div className="alert alert-danger" role="alert">
          {CLIENT_ERRORS.unknown}
        </div>
      </div>
    );
  }
}
