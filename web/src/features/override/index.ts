// Emergency overrides: a full-screen message on chosen TVs, over their schedule.
export { OverridePage } from './components/override-page'
