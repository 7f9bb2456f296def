import { Component, useState, type ReactNode } from 'react'
import { useT } from '../i18n/i18n'
import { ViewLoadError } from './lazyView'
import { useServices } from './services'

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
    const { failed } = this.state
    if (!failed) return this.props.children
    if (failed instanceof ViewLoadError)
      return <ViewNotLoaded name={this.props.name} failed={failed} onLoaded={() => this.setState({ failed: null })} />
    return (
      <ViewFailed
        name={this.props.name}
        detail={failed.message}
        onReset={() => {
          this.props.onReset?.()
          this.setState({ failed: null })
        }}
      />
    )
  }
}

function ViewFailed({ name, detail, onReset }: { name: string; detail: string; onReset: () => void }) {
  const { t } = useT()
  return (
    <div className="banner error view-failed" role="alert" aria-label={t('errors.viewFailed', { name })}>
      <span>
        {t('errors.viewFailed', { name })} <span className="muted small">({detail})</span>
      </span>
      <button type="button" className="button small" onClick={onReset} aria-label={t('errors.reset')}>
        {t('errors.reset')}
      </button>
    </div>
  )
}

/**
 * A view whose code did not arrive: nothing is wrong with the data, so "Try again" fetches it
 * again. Some browsers keep a failed module download for the page's life; when the server answers
 * but the view still cannot load, the page is loaded afresh (the workspace is saved on the way
 * out). While the server does not answer, the page stays as it is and says so.
 */
function ViewNotLoaded({ name, failed, onLoaded }: { name: string; failed: ViewLoadError; onLoaded: () => void }) {
  const { t } = useT()
  const { serverAnswers, reloadPage } = useServices()
  const [status, setStatus] = useState<'idle' | 'trying' | 'unreachable' | 'reloading'>('idle')
  const tryAgain = async () => {
    setStatus('trying')
    try {
      await failed.retry()
      onLoaded()
    } catch {
      if (await serverAnswers()) {
        setStatus('reloading')
        reloadPage()
      } else setStatus('unreachable')
    }
  }
  return (
    <div className="banner error view-failed" role="alert" aria-label={t('errors.notLoaded', { name })}>
      <span>
        {t('errors.notLoaded', { name })} <span className="muted small">({failed.message})</span>
        {status === 'unreachable' && <strong> {t('errors.stillUnreachable')}</strong>}
        {status === 'reloading' && <strong> {t('errors.reloading')}</strong>}
      </span>
      <button
        type="button"
        className="button small"
        disabled={status === 'trying' || status === 'reloading'}
        onClick={() => void tryAgain()}
        aria-label={t('errors.retry')}
      >
        {t('errors.retry')}
      </button>
    </div>
  )
}
