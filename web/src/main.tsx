import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, firstDraw, startEarlyCalls } from './app'
import './index.css'

// A signed-in tab's session check, the page's calls and its chunks start before the first draw.
startEarlyCalls()

// The first draw waits (briefly) for their answers and code, so that it is the page with its rows.
void firstDraw().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
