import '@testing-library/jest-dom/vitest'
import { configure } from '@testing-library/react'

// findBy* and waitFor return as soon as their state holds; their cap (1 s by
// default) must leave room for a loaded machine.
configure({ asyncUtilTimeout: 10_000 })
