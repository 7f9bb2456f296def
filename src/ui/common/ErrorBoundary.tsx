import { Component, type ReactNode } from 'react'
import { useT } from '../i18n/i18n'

interface Props {
  /** Which view this is, for the message. */
  name: string
  /** Clears what the view shows when that is what broke it (e.g. a damaged saved run). */
  onReset?: () => void
  children: ReactNode
}

/**
 * One view that fails to render says so in its own place, with a way back; the rest of the page
 * keeps working. A blank page is never the answer to damaged data.
 */
export class ErrorBoundary extends Component<Props, { failed: Error | null }> {
  override state = { failed: null as Error | null }

  static getDerivedStateFromError(failed: Error) {
    return { failed }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <ViewFailed
        name={this.props.name}
        detail={this.state.failed.message}
        onReset={() => {
          this.props.onReset?.()
          this.setState({ failed: null })
        }}
      />
    )
  }
}

function ViewFailed({ name, detail, onReset }: { name: string; detail: string; onReset: () => void }) {
  const { t, en } = useT()
  return (
    <div className="banner error view-failed" role="alert" aria-label={en('errors.viewFailed', { name })}>
      <span>
        {t('errors.viewFailed', { name })} <span className="muted small">({detail})</span>
      </span>
      <button type="button" className="button small" onClick={onReset} aria-label={en('errors.reset')}>
        {t('errors.reset')}
      </button>
    </div>
  )
}
