import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Closes `layer` (a dialog, a sheet, a menu) with Escape. A Radix layer
 * listens for Escape only from the render after it knows it is the topmost
 * one, a moment after it has taken the focus: a key pressed in that instant
 * is lost, as it would be for a person pressing it the very moment the
 * dialog appears. The key is pressed again until the layer closes; one that
 * never closes on Escape still fails.
 */
export async function closeWithEscape(page: Page, layer: Locator) {
  await expect(async () => {
    await page.keyboard.press('Escape')
    await expect(layer).toBeHidden({ timeout: 1_000 })
  }).toPass({ timeout: 10_000 })
}
