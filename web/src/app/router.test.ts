// @vitest-environment node
import type * as React from 'react'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from './router'

/** path → the element's component, for every route of the table ('(layout)' for the layout). */
function components(list: RouteObject[], into = new Map<string, unknown>()) {
  for (const route of list) {
    const type = (route.element as React.ReactElement | undefined)?.type
    if (route.path) into.set(route.path, type)
    else if (route.children?.some((child) => child.path === '/dashboard')) into.set('(layout)', type)
    if (route.children) components(route.children, into)
  }
  return into
}

const isLazy = (type: unknown) => (type as { $$typeof?: symbol } | undefined)?.$$typeof === Symbol.for('react.lazy')

describe('route table', () => {
  const table = components(routes)

  it.each([
    '(layout)',
    '/dashboard',
    '/medias',
    '/groups',
    '/profile/edit',
    '/user/new',
    '/user/list',
    '/schedule',
    '/schedule/:scheduleId',
    '/ads-center',
    '/ads-center/new',
    '/ads-center/:id',
    '/ads-center/:id/*',
    '/',
    '/reset/password',
    '/reset/password/new',
    '/team',
    '/sso',
    '/integrations',
    '/convite',
    '/local',
    '/approvals',
  ])(
    '%s is loaded on its first visit, as a chunk of its own',
    (path) => {
      expect(isLazy(table.get(path))).toBe(true)
    },
  )
})
