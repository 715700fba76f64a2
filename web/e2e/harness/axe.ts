// Accessibility checks with axe-core: the rules of WCAG 2.0 and 2.1, levels
// A and AA, on what a page shows now (dialogs and menus included).
import { AxeBuilder } from '@axe-core/playwright'
import axe from 'axe-core'
import type { Page } from '@playwright/test'

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Every rule of those levels, the experimental ones too (axe leaves them out
 * unless named): label-content-name-mismatch, for one, checks that a control's
 * accessible name contains the text it shows (WCAG 2.5.3).
 */
export const WCAG_RULES = axe.getRules(WCAG_TAGS).map((rule) => rule.ruleId)

type Violation = Pick<axe.Result, 'id' | 'impact' | 'nodes'>

/**
 * Runs the rules in the page itself. axe is put in the page once per document
 * and asked for the violations only: `AxeBuilder.analyze` puts it in again on
 * every call and merges the frames' results in a new tab, some 1.2 s of
 * Chromium's CPU per check more on these machines. A page with frames (the
 * console has none) goes through `AxeBuilder`, which checks inside them too.
 */
async function runInPage(page: Page, within?: string): Promise<Violation[]> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).withRules(WCAG_RULES)
    if (within) builder.include(within)
    return (await builder.analyze()).violations
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  return page.evaluate(
    async ({ rules, within }) => {
      const { violations } = await window.axe.run(within ? { include: [within] } : document, {
        runOnly: { type: 'rule', values: rules },
        resultTypes: ['violations'],
      })
      return violations.map(({ id, impact, nodes }) => ({ id, impact, nodes }))
    },
    { rules: WCAG_RULES, within },
  )
}

declare global {
  interface Window {
    axe: typeof axe
  }
}

/**
 * The violations on the page, one line per failing element:
 * "rule (impact): selector: what is wrong". An empty list is a pass.
 * `within` (a CSS selector) checks only that part, e.g. an open dialog.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  // Transitions finish before colours are measured: a dialog fading in
  // would read as low contrast.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
  const violations = await runInPage(page, within)
  return violations.flatMap((v) =>
    v.nodes.map((node) => {
      const why = node.failureSummary?.replace(/\s+/g, ' ').trim() ?? ''
      return `${v.id} (${v.impact}): ${node.target.join(' ')}: ${why}`
    }),
  )
}
