// Lets code outside React (the query cache handlers) move the router.
type Navigate = (to: string, options?: { replace?: boolean }) => void

let navigate: Navigate | null = null

export function registerNavigate(fn: Navigate | null) {
  navigate = fn
}

export function navigateTo(to: string, options?: { replace?: boolean }) {
  if (navigate) navigate(to, options)
  else if (options?.replace) window.location.replace(to)
  else window.location.assign(to)
}
