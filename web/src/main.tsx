import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, startEarlyCalls } from './app'
import './index.css'

// A signed-in tab's session check, the page's calls and its chunks start before the first draw.
startEarlyCalls()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
