// Calls the JSON API directly, for setting up what a flow needs without
// clicking through screens.
import type { Mailbox } from './mailbox.ts'

/** An error answer of the API: `{error: true, statusCode: <api code>, msg}`. */
export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${method} /api${path} answered ${status}: ${JSON.stringify(body)}`)
  }
  /** The API code of the spec's catalogue (statusCode in the body). */
  get apiCode(): number | undefined {
    const code = (this.body as { statusCode?: unknown } | null)?.statusCode
    return typeof code === 'number' ? code : undefined
  }
}

export interface User {
  email: string
  name: string
  franchise?: Record<string, string>
  permission?: Record<string, number>
  verified?: boolean
  [field: string]: unknown
}

export interface Franchise {
  name: string
  slug: string
  [field: string]: unknown
}

export interface NewUser {
  name: string
  email: string
  password: string
}

type Body = Record<string, unknown> | unknown[]

export class Api {
  constructor(
    readonly baseURL: string,
    private readonly mailbox: Mailbox,
  ) {}

  /** Any call; `path` is below /api. Throws ApiError on a non-2xx answer. */
  async call<T = Record<string, unknown>>(method: string, path: string, opts: { token?: string; body?: Body } = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
    let res: Response
    try {
      res = await fetch(`${this.baseURL}/api${path}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      })
    } catch (err) {
      throw new Error(`${method} /api${path} got no answer (${String(err)}); the server's log is web/test-results/vitrine.log`, {
        cause: err,
      })
    }
    const text = await res.text()
    let data: unknown = text
    try {
      data = text ? JSON.parse(text) : {}
    } catch {
      // not JSON; keep the text for the error message
    }
    if (!res.ok) throw new ApiError(method, path, res.status, data)
    return data as T
  }

  get<T = Record<string, unknown>>(path: string, token?: string) {
    return this.call<T>('GET', path, { token })
  }

  post<T = Record<string, unknown>>(path: string, body: Body, token?: string) {
    return this.call<T>('POST', path, { body, token })
  }

  put<T = Record<string, unknown>>(path: string, body: Body, token?: string) {
    return this.call<T>('PUT', path, { body, token })
  }

  delete<T = Record<string, unknown>>(path: string, token?: string, body?: Body) {
    return this.call<T>('DELETE', path, { token, body })
  }

  /** POST /user/auth; returns the session token. */
  async login(email: string, password: string): Promise<string> {
    const { token } = await this.post<{ token: string }>('/user/auth', { email, auth: password })
    if (!token) throw new Error(`POST /api/user/auth gave no token for ${email}`)
    return token
  }

  /** GET /user/detail. */
  me(token: string) {
    return this.get<{ user: User; serverTime: number }>('/user/detail', token)
  }

  /**
   * Registers a user with the admin token (POST /user/register) and makes sure
   * they can log in: when the server wants the e-mail verified first, follows
   * the verification mail like the user would.
   */
  async createUser(adminToken: string, user: NewUser): Promise<User> {
    const since = Date.now()
    const { user: created } = await this.post<{ user: User }>(
      '/user/register',
      { email: user.email, auth: user.password, name: user.name },
      adminToken,
    )
    try {
      await this.login(user.email, user.password)
    } catch (err) {
      if (!(err instanceof ApiError) || err.apiCode !== 1021) throw err
      const mail = await this.mailbox.waitFor(user.email, { since, link: /[?&]code=/ })
      await this.post('/user/verify-link', { code: mail.code })
    }
    return created
  }

  /** POST /franchise; the creator gets the franchise. */
  async createFranchise(token: string, franchise: { name: string; document?: string }): Promise<Franchise> {
    const { franchise: created } = await this.post<{ franchise: Franchise }>('/franchise', franchise, token)
    return created
  }

  /** GET /franchise: the caller's franchises. */
  async franchises(token: string): Promise<Franchise[]> {
    const { franchiseList } = await this.get<{ franchiseList: Franchise[] }>('/franchise', token)
    return franchiseList
  }
}
