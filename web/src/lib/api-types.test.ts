// @vitest-environment node
import fs from 'node:fs'
import openapiTS, { astToString } from 'openapi-typescript'
import { describe, expect, it } from 'vitest'

const contract = new URL('../../../api/openapi.yaml', import.meta.url)
const generated = new URL('./api-types.ts', import.meta.url)

/** The generated file without the banner the CLI puts on top. */
function body(text: string) {
  return text.replace(/^\/\*\*[\s\S]*?\*\/\s*/, '').trim()
}

describe('api-types.ts', () => {
  it('is what api/openapi.yaml generates today (run npm run gen:api after changing the contract)', async () => {
    const expected = astToString(await openapiTS(contract))
    expect(body(fs.readFileSync(generated, 'utf8'))).toBe(body(expected))
  })
})
