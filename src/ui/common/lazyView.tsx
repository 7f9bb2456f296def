import { lazy, type ComponentProps, type ComponentType } from 'react'

/**
 * A view's code could not be fetched (the server went away, the network dropped). `retry` fetches
 * it again: when that works, the view's next render shows it; when it fails, it rejects.
 */
export class ViewLoadError extends Error {
  override name = 'ViewLoadError'
  constructor(
    message: string,
    readonly retry: () => Promise<void>,
  ) {
    super(message)
  }
}

/**
 * `React.lazy`, except that a failed load is not final. React keeps a lazy component's rejected
 * import for good, so a boundary's "Try again" would only show the same failure: here the failure
 * is a ViewLoadError whose `retry` loads afresh and, once that worked, renders what it loaded.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function lazyView<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> {
  const retry = async () => {
    const loaded = await load()
    Current = lazy(async () => loaded)
  }
  let Current = lazy(() =>
    load().catch((error: unknown) => {
      throw new ViewLoadError(error instanceof Error ? error.message : String(error), retry)
    }),
  )
  return function LazyView(props: ComponentProps<T>) {
    return <Current {...props} />
  }
}
