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

/**
 * The violations on the page, one line per failing element:
 * "rule (impact): selector: what is wrong". An empty list is a pass.
 * `within` (a CSS selector) checks only that part, e.g. an open dialog.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  // Transitions finish before colours are measured: a dialog fading in
  // would read as low contrast.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
  const builder = new AxeBuilder({ page }).withRules(WCAG_RULES)
  if (within) builder.include(within)
  const { violations } = await builder.analyze()
  return violations.flatMap((v) =>
    v.nodes.map((node) => {
      const why = node.failureSummary?.replace(/\s+/g, ' ').trim() ?? ''
      return `${v.id} (${v.impact}): ${node.target.join(' ')}: ${why}`
    }),
  )
}
